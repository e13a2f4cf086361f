/// Encoder quality (`q`): one value for every format (`q=75`), values per format
/// (`q=webp:70,avif:50`), or both (`q=75,avif:50`). A format without one takes its own default
/// (`ImageFormat.defaultQuality`), so `fmt=auto` answers each format at a quality chosen for it.
public struct EncoderQuality: Sendable, Hashable {
    /// The quality of every format not listed in `perFormat`; `nil`: each format's default.
    public var all: Int?
    /// Qualities of single formats, 1–100.
    public var perFormat: [ImageFormat: Int]

    /// Every format at its default.
    public static let `default` = EncoderQuality()

    public init(all: Int? = nil, perFormat: [ImageFormat: Int] = [:]) {
        self.all = all
        self.perFormat = perFormat
    }

    /// The quality `format` is encoded with.
    public func value(for format: ImageFormat) -> Int {
        perFormat[format] ?? all ?? format.defaultQuality
    }

    /// `q`'s canonical text for a request encoded as `format`, `nil` when it changes nothing: with a
    /// fixed format only that format's quality counts (`fmt=webp&q=webp:85` is `fmt=webp`); with
    /// `auto`, `all` and then the formats that differ from it, in `ImageFormat`'s order.
    public func canonicalText(for format: FormatRequest) -> String? {
        if let fixed = format.fixedFormat {
            guard fixed.usesQuality, value(for: fixed) != fixed.defaultQuality else { return nil }
            return String(value(for: fixed))
        }
        var parts = all.map { [String($0)] } ?? []
        for format in ImageFormat.allCases where format.usesQuality {
            if let own = perFormat[format], own != (all ?? format.defaultQuality) { parts.append("\(format.rawValue):\(own)") }
        }
        return parts.isEmpty ? nil : parts.joined(separator: ",")
    }
}

extension ImageFormat {
    /// The quality used when `q` sets none, chosen so that each format's bytes on the sample photos
    /// rank AVIF < WebP < JPEG while SSIMULACRA2 stays within 3 points of JPEG's at 80
    /// (`bench/quality`, whose table docs/url-api.md shows). PNG and GIF ignore it; a PDF's
    /// is that of the JPEG photos it embeds.
    public var defaultQuality: Int {
        switch self {
        case .jpeg, .pdf: 80
        case .webp: 85
        case .avif: 72
        case .jxl: 78
        case .png, .gif: 100
        }
    }
}
