import Layout

/// The encoder for the response (`fmt`). `auto` lets the service pick from `Accept` and transparency.
public enum OutputFormat: String, CaseIterable, Sendable, Hashable {
    case auto, jpeg, png, webp, avif, gif, pdf

    /// Spellings `fmt` accepts besides the case names, keyed in lower case: any case (`JPEG`) and
    /// the file extension `jpg`. Each maps to one case, so the canonical form stays unique.
    public static let spellings: [String: String] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.rawValue) } + [("jpg", "jpeg")])

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
