/// An encoded image format: what `fmt=` names, what the renderer writes and what a response's
/// `Content-Type` says. The one format enum; "let the service choose" is `FormatRequest.auto`.
public enum ImageFormat: String, CaseIterable, Sendable, Hashable {
    /// Bitmap formats, by their usual names (`jpg` is a spelling of `jpeg`, see `FormatRequest.spellings`).
    case jpeg, png, webp, avif, jxl, gif
    /// A one-page vector PDF, not a bitmap.
    case pdf

    /// The media type (`image/png`, `application/pdf`).
    public var contentType: String { self == .pdf ? "application/pdf" : "image/\(rawValue)" }

    /// Formats that can carry an alpha channel (a PDF page is transparent where nothing is drawn).
    public var supportsAlpha: Bool { self != .jpeg }

    /// Formats that write every frame of an animated source (GIF, WebP); the others take one frame.
    public var animates: Bool { self == .gif || self == .webp }

    /// Whether `q` changes the encoded bytes for this format (a PDF re-encodes downscaled photos as JPEG).
    public var usesQuality: Bool {
        switch self {
        case .jpeg, .webp, .avif, .jxl, .pdf: true
        case .png, .gif: false
        }
    }
}

/// The format a request asks for (`fmt`): one of the formats, or `auto` to let the service pick from
/// `Accept` and transparency. Spelled on the wire as `auto` or the format's name.
public enum FormatRequest: Sendable, Hashable, CaseIterable, RawRepresentable {
    /// The service picks: the best format the client accepts within its pixel cap, else JPEG, or PNG
    /// when the result has transparency.
    case auto
    /// This format, whatever the client accepts.
    case fixed(ImageFormat)

    /// `auto`, then every format in `ImageFormat`'s order (the order error messages list them in).
    public static let allCases: [FormatRequest] = [.auto] + ImageFormat.allCases.map(FormatRequest.fixed)

    /// Spellings `fmt` accepts besides the case names, keyed in lower case: any case (`JPEG`) and
    /// the file extension `jpg`. Each maps to one case, so the canonical form stays unique.
    public static let spellings: [String: String] =
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.rawValue) } + [("jpg", "jpeg")])

    /// `auto` or the format's name.
    public init?(rawValue: String) {
        if rawValue == "auto" {
            self = .auto
        } else if let format = ImageFormat(rawValue: rawValue) {
            self = .fixed(format)
        } else {
            return nil
        }
    }

    /// The wire spelling: `auto` or the format's name.
    public var rawValue: String {
        switch self {
        case .auto: "auto"
        case .fixed(let format): format.rawValue
        }
    }

    /// The format asked for, or `nil` for `auto`.
    public var fixedFormat: ImageFormat? {
        if case .fixed(let format) = self { format } else { nil }
    }
}
