/// An `Image(systemName:)` leaf with its symbol-only modifiers folded in (`resizable`, `font`,
/// `foregroundStyle`, `imageScale`): a vector glyph sized like text in its font unless resizable
/// (views spec §8). The renderer maps the SF Symbols name to an icon it ships.
public struct SymbolView: Sendable, Hashable {
    /// The SF Symbols name as written, e.g. `trophy`, `star.fill`.
    public var name: String
    /// `font(_:)` on the symbol; `nil` inherits the environment's, `.body` at the root.
    public var font: Font?
    /// `foregroundStyle(_:)` / `foregroundColor(_:)`; `nil` inherits, black (primary) at the root.
    public var color: RGBAColor?
    /// `imageScale(_:)`; `.medium` by default.
    public var scale: ImageScale
    /// `resizable()`: takes the proposal and stretches the glyph over it, like a resizable bitmap.
    public var isResizable: Bool

    public init(name: String, font: Font? = nil, color: RGBAColor? = nil, scale: ImageScale = .medium, isResizable: Bool = false) {
        self.name = name
        self.font = font
        self.color = color
        self.scale = scale
        self.isResizable = isResizable
    }

    /// The font the glyph is sized for: its own, else `.body`.
    public var resolvedFont: Font { font ?? .textStyle(.body) }

    /// The glyph's colour: its own, else SwiftUI's primary colour in light mode, black.
    public var resolvedColor: RGBAColor { color ?? TextView.primary }

    /// SF Pro's vertical metrics at the font's size times the image scale: the non-resizable glyph is
    /// one such line high (its side) with its baseline at the ascender (views spec §8.2).
    public var metrics: TextMetrics {
        .sanFrancisco(pointSize: resolvedFont.pointSize * scale.factor)
    }

    /// The side of the square a non-resizable glyph takes, rounded up to the pixel grid:
    /// `ceil_m(1.1934 × pointSize × k)` (views spec §8.2).
    public func side(pixelLength: Double) -> Double {
        metrics.lineHeight.roundedUp(toMultipleOf: pixelLength)
    }
}

/// SwiftUI's `Image.Scale`: how large a symbol is relative to its font.
public enum ImageScale: String, CaseIterable, Sendable, Hashable {
    case small, medium, large

    /// The factor on the font's point size (views spec §8.2): 0.78, 1 and 1.29.
    public var factor: Double {
        switch self {
        case .small: 0.78
        case .medium: 1
        case .large: 1.29
        }
    }
}
