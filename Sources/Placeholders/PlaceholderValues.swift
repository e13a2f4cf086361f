import Layout

/// The placeholders of one render, each present when it was asked for (`PlaceholderSet`).
public struct PlaceholderValues: Sendable, Hashable {
    /// The render's size in pixels, so a client can size the box before the image arrives.
    public var width: Int
    /// The render's height in pixels.
    public var height: Int
    /// The BlurHash string.
    public var blurHash: String?
    /// The ThumbHash's bytes (base64 in the JSON).
    public var thumbHash: [UInt8]?
    /// The average colour; `nil` inside when the render is fully transparent.
    public var averageColor: PlaceholderColor??
    /// The dominant colour; `nil` inside when the render is fully transparent.
    public var dominantColor: PlaceholderColor??
    /// Most common first; empty when the render is fully transparent.
    public var palette: [PlaceholderColor]?
    /// The tiny image's bytes and format.
    public var lqip: (bytes: [UInt8], format: LQIPRequest.Format)? {
        get { lqipBytes.map { ($0, lqipFormat) } }
        set {
            lqipBytes = newValue?.bytes
            if let format = newValue?.format { lqipFormat = format }
        }
    }
    private var lqipBytes: [UInt8]?
    private var lqipFormat = LQIPRequest.Format.webp

    /// Nothing worked out yet, for a render of `width × height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Works out the hashes and colours `set` asks for from `small`, the render reduced to at most
    /// `ThumbHash.maxSide` on each side (the LQIP is made apart, from the render itself).
    public mutating func compute(_ set: PlaceholderSet, from small: RGBAPixelGrid) {
        if let components = set.blurHash { blurHash = BlurHash.encode(small, componentsX: components.x, componentsY: components.y) }
        if set.thumbHash { thumbHash = ThumbHash.encode(small) }
        if set.averageColor { averageColor = .some(AverageColor.of(small)) }
        if set.dominantColor { dominantColor = .some(ColorQuantizer.dominant(small)) }
        if let count = set.palette { palette = ColorQuantizer.clusters(small, k: count).map(\.color) }
    }
}

/// The sizes and qualities a low-quality image placeholder tries, largest and best first; the
/// first encoding within the budget is kept, else the last (the smallest) one.
public enum LQIPLadder {
    /// The longest side in pixels, tried in this order.
    public static let sides = [32, 24, 16, 12, 8]
    /// The encoder qualities tried at each side, in this order.
    public static let qualities = [50, 30, 10]

    /// Every (side, quality) step, in the order tried.
    public static var steps: [(side: Int, quality: Int)] {
        sides.flatMap { side in qualities.map { (side, $0) } }
    }
}
