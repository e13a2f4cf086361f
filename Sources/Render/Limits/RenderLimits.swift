/// What one render may cost, each checked before the expensive step it guards. Each field's initial
/// value is its default, stated here once: the service's settings (`limits.*`) start from
/// `RenderLimits.default` and its config file and docs are checked against it.
public struct RenderLimits: Sendable {
    /// Every limit at its default.
    public static let `default` = RenderLimits()
    /// Default time one render may take (`timeout`): 10 s, as sharp's per-image timeout suggests.
    public static let defaultTimeout: Duration = .seconds(10)

    /// Largest source file, bytes; checked before the file is opened by libvips. Default 50 MiB.
    public var maxSourceBytes: Int = 50 * 1024 * 1024
    /// Largest source image, pixels, read from the header before any decoding. Default 50 MP.
    public var maxSourcePixels: Int = 50_000_000
    /// Most frames of an animated source a render decodes together (an animated GIF or WebP
    /// output), from the header before any decoding; a still output decodes only the frame it shows.
    /// Default 100.
    public var maxFrames: Int = 100
    /// Most pixels of all the frames of an animated source together (frames × one frame's pixels),
    /// from the header before any decoding, for an animated output: they are decoded and held at
    /// once. Default 25 MP (100 MB of RGBA, leaving room in the render budget for the drawn frames).
    public var maxAnimationPixels: Int = 25_000_000
    /// Longest output side, pixels, checked after layout and before drawing. Default 8192.
    public var maxOutputSide: Int = 8192
    /// Largest output, pixels. Default 40 MP.
    public var maxOutputPixels: Int = 40_000_000
    /// Longest side of any image made on the way to the output (an image resampled to its frame
    /// before clipping, a tile, a 9-slice piece, a fill or border rect), pixels. Checked before
    /// libvips sees the size: far below libvips's own coordinate limit, whose check aborts the
    /// process. Default 32 768 (4 × the output side).
    public var maxIntermediateSide: Int = 32_768
    /// Most tiles one image may repeat into (tile mode, 9-slice); default 250 000.
    public var maxTiles: Int = 250_000
    /// Most layers one render may draw (an image is 1, a 9-slice up to 9, a border up to 4). Default 64.
    public var maxLayers: Int = 64
    /// Memory one render may hold, bytes, as estimated from the plan before drawing (`RenderBudget`).
    /// Default 160 MiB.
    public var maxRenderBytes: Int = 160 * 1024 * 1024
    /// Largest AVIF output, pixels: libheif's encoder cannot be stopped at the deadline. Default 4 MP.
    public var maxAVIFPixels: Int = 4_000_000
    /// Largest JPEG XL output, pixels: libjxl's encoder cannot be stopped at the deadline. Default
    /// 3 MP, about 0.15 CPU-s at effort 4 (0.2 CPU-s measured at 4 MP and 0.5 at 12 MP) and 130 MB,
    /// within the default render budget (libjxl holds about 44 bytes a pixel up to 4 MP).
    public var maxJXLPixels: Int = 3_000_000
    /// Largest WebP output, pixels: libwebp cannot be stopped at the deadline. Default 6 MP.
    public var maxWebPPixels: Int = 6_000_000
    /// Largest GIF output, pixels: its quantizer cannot be stopped at the deadline. Default 2 MP.
    public var maxGIFPixels: Int = 2_000_000
    /// Largest JPEG shrink-on-load decoded whole into memory on the render's own thread, pixels
    /// (`SourceImage.decode`); larger reduced decodes stream through libvips's loader. Default 4 MiP
    /// (12 MiB of RGB).
    public var maxWholeDecodePixels: Int = 4 * 1024 * 1024
    /// Time one render may take before libvips is told to stop; `nil` for none. Default 10 s.
    public var timeout: Duration? = RenderLimits.defaultTimeout
    /// Most CPU time a render may be estimated to take from its plan (`RenderCost`) before it is
    /// refused without drawing; `nil` takes `timeout`, which it could not finish within anyway.
    /// Default `nil`.
    public var maxEstimatedTime: Duration?

    public init() {}
}
