import Layout

/// The encoder for the response (`fmt`). `auto` lets the service pick from `Accept` and transparency.
public enum OutputFormat: String, CaseIterable, Sendable, Hashable {
    case auto, jpeg, png, webp, avif, gif, pdf

    /// Whether `q` changes the encoded bytes for this format (a PDF re-encodes downscaled photos as JPEG).
    public var usesQuality: Bool {
        switch self {
        case .auto, .jpeg, .webp, .avif, .pdf: true
        case .png, .gif: false
        }
    }
}

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
