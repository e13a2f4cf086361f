/// Which placeholders an `/info` request asks for, each by its own query parameter, with its
/// settings: a value, so equal requests print the same `canonicalText` (part of the cache key and ETag).
public struct PlaceholderSet: Sendable, Hashable {
    /// The components along each axis when the request says `blurhash=1`: 4 × 3, the reference's own example.
    public static let defaultBlurHashComponents = (x: 4, y: 3)
    /// The range of BlurHash components along each axis (the format's one-digit size flag).
    public static let blurHashComponentRange = 1...9
    /// The range of `palette=N`.
    public static let paletteRange = 1...16

    /// `blurhash=XxY`: the components along each axis.
    public var blurHash: (x: Int, y: Int)? {
        get { blurHashComponents.map { ($0[0], $0[1]) } }
        set { blurHashComponents = newValue.map { [$0.x, $0.y] } }
    }
    private var blurHashComponents: [Int]?
    /// `thumbhash=1`.
    public var thumbHash = false
    /// `averagecolor=1`.
    public var averageColor = false
    /// `dominantcolor=1`.
    public var dominantColor = false
    /// `palette=N`: how many colours, at most.
    public var palette: Int?
    /// `lqip=webp|avif` with `lqipbytes`.
    public var lqip: LQIPRequest?

    /// Nothing asked for.
    public init() {}

    /// Whether nothing is asked for (a plain `/info`).
    public var isEmpty: Bool { self == PlaceholderSet() }

    /// The asked items in a fixed order with their settings, defaults written out:
    /// `blurhash=4x3&thumbhash=1&averagecolor=1&dominantcolor=1&palette=5&lqip=webp&lqipbytes=1024`.
    public var canonicalText: String {
        var parts: [String] = []
        if let blurHash { parts.append("blurhash=\(blurHash.x)x\(blurHash.y)") }
        if thumbHash { parts.append("thumbhash=1") }
        if averageColor { parts.append("averagecolor=1") }
        if dominantColor { parts.append("dominantcolor=1") }
        if let palette { parts.append("palette=\(palette)") }
        if let lqip { parts.append("lqip=\(lqip.format.rawValue)&lqipbytes=\(lqip.maxBytes)") }
        return parts.joined(separator: "&")
    }
}

/// A tiny image of the render as a `data:` URL, within a byte budget.
public struct LQIPRequest: Sendable, Hashable {
    /// The formats a low-quality image placeholder is written in.
    public enum Format: String, Sendable, Hashable, CaseIterable {
        case webp, avif
        /// The data URL's media type.
        public var mediaType: String { "image/" + rawValue }
    }

    /// The budget when `lqipbytes` is not given: 1024 bytes of image (about 1.4 KB as base64),
    /// small enough to inline in HTML for every image of a page.
    public static let defaultMaxBytes = 1024
    /// The range of `lqipbytes`: below 100 bytes not even an 8 px WebP fits; above 64 KiB it is no
    /// longer a placeholder.
    public static let maxBytesRange = 100...65_536

    /// The tiny image's format.
    public let format: Format
    /// The most bytes the image may have (before base64).
    public let maxBytes: Int

    /// A tiny image in `format` within `maxBytes`.
    public init(format: Format, maxBytes: Int = LQIPRequest.defaultMaxBytes) {
        self.format = format
        self.maxBytes = maxBytes
    }
}
