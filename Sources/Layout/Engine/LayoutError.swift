/// Why a view tree cannot be turned into pixels. Each case names what a user can change.
public enum LayoutError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The chain names an image the catalog has no metrics for.
    case unknownImage(ImageRef)
    /// The root reported an infinite or NaN size, e.g. `.fill` with one open axis.
    case nonFiniteRootSize(Size)
    /// The root reported a zero or negative size: nothing to render.
    case emptyRootSize(Size)
    /// A drawn view has an infinite or absurdly large rect.
    case contentOutOfRange(Rect)
    /// `ImageRenderer.scale` must be a finite number > 0.
    case invalidScale(Double)
    /// The tree has `Text`, but no text measurer was supplied to lay it out.
    case textNotSupported

    /// A short stable code, as used in `layout-vectors.json`'s `error` field.
    public var code: String {
        switch self {
        case .unknownImage: "unknown image"
        case .nonFiniteRootSize: "non-finite root size"
        case .emptyRootSize: "empty root size"
        case .contentOutOfRange: "content out of range"
        case .invalidScale: "invalid scale"
        case .textNotSupported: "text not supported"
        }
    }

    /// The root size that caused the error, when there is one.
    public var rootSize: Size? {
        switch self {
        case .nonFiniteRootSize(let size), .emptyRootSize(let size): size
        default: nil
        }
    }

    public var description: String {
        switch self {
        case .unknownImage(.primary):
            "the chain shows the request's own image, but its size is unknown"
        case .unknownImage(.named(let name)):
            "the chain shows Image(\"\(name)\"), but no such image is known"
        case .nonFiniteRootSize(let size):
            "non-finite root size \(Self.format(size)): the view would be infinitely large; "
                + "give the open axis a size (frame width/height, pw/ph) or use fit instead of fill"
        case .emptyRootSize(let size):
            "empty root size \(Self.format(size)): the view has no area to render"
        case .contentOutOfRange(let rect):
            "a view inside the chain is infinitely large or out of range (\(Self.format(rect.size))); "
                + "check for aspectRatio(contentMode: .fill) with one open axis"
        case .invalidScale(let scale):
            "render scale must be a finite number > 0; got \(scale)"
        case .textNotSupported:
            "Text cannot be laid out here yet: no font measurement is available"
        }
    }

    static func format(_ size: Size) -> String {
        "\(formatNumber(size.width))×\(formatNumber(size.height))"
    }

    static func formatNumber(_ value: Double) -> String {
        value.isInfinite ? (value > 0 ? "∞" : "-∞") : value.compactText
    }
}
