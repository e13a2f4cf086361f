/// A modifier that changes how a subtree is drawn but not how it is laid out (views spec §7): its
/// size, spacing, priority and alignment guides are the child's.
public enum ViewEffect: Sendable, Hashable {
    /// `offset(x:y:)`: moves where the subtree is drawn.
    case offset(x: Double, y: Double)
    /// `opacity(_:)`: multiplies down to every leaf (no flattening first).
    case opacity(Double)
    /// `shadow(color:radius:x:y:)`: a blurred copy of the subtree's alpha, drawn under it.
    case shadow(Shadow)
    /// `clipShape(_:)`; `cornerRadius(r)` is `clipShape(RoundedRectangle(cornerRadius: r, style: .continuous))`.
    case clipShape(ShapeKind)
    /// A colour filter applied to the composite of the subtree.
    case color(ColorEffect)
    /// `rotationEffect(_:anchor:)`: the subtree drawn turned by `degrees` (clockwise) about `anchor`
    /// of its own rect; it may draw outside its frame.
    case rotation(degrees: Double, anchor: UnitPoint)
    /// `scaleEffect(_:anchor:)`, `scaleEffect(x:y:anchor:)`: the subtree drawn scaled about `anchor`.
    case scale(x: Double, y: Double, anchor: UnitPoint)
    /// `blendMode(_:)`: how the subtree's composite combines with what is beneath it.
    case blendMode(BlendMode)
    /// `zIndex(_:)`: the drawing order among the siblings of a stack (higher in front).
    case zIndex(Double)
}

/// The arguments of `shadow(color:radius:x:y:)`: σ = `radius` points, offset `(x, y)` points.
public struct Shadow: Sendable, Hashable {
    /// SwiftUI's default shadow colour: black at 33 % opacity.
    public static let defaultColor = RGBAColor(red: 0, green: 0, blue: 0, opacity: 0.33)

    public var color: RGBAColor
    public var radius: Double
    public var x: Double
    public var y: Double

    public init(color: RGBAColor = Shadow.defaultColor, radius: Double, x: Double = 0, y: Double = 0) {
        self.color = color
        self.radius = radius
        self.x = x
        self.y = y
    }

    /// What to allocate for the shadow of a view drawn in `rect`: the rect moved by the offset and
    /// grown by 2.8 × radius on every side (views spec §7.1).
    public func extent(of rect: Rect) -> Rect {
        let grow = 2.8 * radius
        return Rect(
            x: rect.x + x - grow, y: rect.y + y - grow,
            width: rect.width + 2 * grow, height: rect.height + 2 * grow)
    }
}

/// SwiftUI's colour-filter modifiers, carried to the renderer; none changes layout.
public enum ColorEffect: Sendable, Hashable {
    /// `blur(radius:opaque:)`: Gaussian blur of σ = radius points.
    case blur(radius: Double, opaque: Bool)
    /// `brightness(_:)`: adds `amount` (−1…1) to each colour component.
    case brightness(Double)
    /// `contrast(_:)`: scales components about mid-grey.
    case contrast(Double)
    /// `saturation(_:)`: 0 is grey, 1 unchanged.
    case saturation(Double)
    /// `grayscale(_:)`: 0 unchanged, 1 fully grey.
    case grayscale(Double)
    /// `colorInvert()`.
    case colorInvert
    /// `hueRotation(.degrees(_:))`.
    case hueRotation(degrees: Double)
    /// `colorMultiply(_:)`: multiplies every pixel by the colour.
    case colorMultiply(RGBAColor)
    /// `sharpened(_:)`, ours (SwiftUI has no sharpening): an unsharp mask of the lightness with a
    /// Gaussian of σ = `sigma` output pixels (not points: it restores pixel-level detail lost to a
    /// reduction, whatever the scale), applied to the subtree as resampled, before it is composited.
    case sharpen(sigma: Double)

    /// The σ `sharpened(_:)` accepts, in pixels: from barely (0.1) to a broad halo (10).
    public static let sharpenSigmas: ClosedRange<Double> = 0.1...10
}
