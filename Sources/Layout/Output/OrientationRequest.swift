/// Which orientation applies to the request's own image: its EXIF tag (`auto`) or a fixed one.
public enum OrientationRequest: Sendable, Hashable {
    case auto
    case fixed(ImageOrientation)

    /// The wire spelling: `auto` or an `Image.Orientation` case name.
    public var name: String {
        switch self {
        case .auto: "auto"
        case .fixed(let orientation): orientation.rawValue
        }
    }
}
