/// What one render may cost, each checked before the expensive step it guards. The service's
/// `Limits.swift` sets the numbers; these defaults match it.
public struct RenderLimits: Sendable {
    /// Largest source file, bytes; checked before the file is opened by libvips. Default 50 MiB.
    public var maxSourceBytes: Int = 50 * 1024 * 1024
    /// Largest source image, pixels, read from the header before any decoding. Default 50 MP.
    public var maxSourcePixels: Int = 50_000_000
    /// Longest output side, pixels, checked after layout and before drawing. Default 8192.
    public var maxOutputSide: Int = 8192
    /// Largest output, pixels. Default 40 MP.
    public var maxOutputPixels: Int = 40_000_000
    /// Most tiles one image may repeat into (tile mode, 9-slice); default 250 000.
    public var maxTiles: Int = 250_000
    /// Time one render may take before libvips is told to stop; `nil` for none. Default 10 s.
    public var timeout: Duration? = .seconds(10)

    public init() {}
}
