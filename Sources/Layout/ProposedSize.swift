/// The size a parent proposes to its child (SwiftUI's `ProposedViewSize`).
///
/// Each component is a finite number ≥ 0, `+infinity` (asks for the maximum) or `nil` (unspecified:
/// asks for the ideal size). `(nil, nil)` is what `ImageRenderer` proposes by default.
public struct ProposedSize: Sendable, Hashable {
    public var width: Double?
    public var height: Double?

    public init(width: Double?, height: Double?) {
        self.width = width
        self.height = height
    }

    public init(_ size: Size) {
        self.init(width: size.width, height: size.height)
    }

    /// `(nil, nil)`: the ideal size.
    public static let unspecified = ProposedSize(width: nil, height: nil)

    /// Fills unspecified components from `size` (SwiftUI's `replacingUnspecifiedDimensions(by:)`).
    public func replacingUnspecified(by size: Size) -> Size {
        Size(width: width ?? size.width, height: height ?? size.height)
    }
}
