import Layout

/// Settings of the renderer that do not come from the request: encoder tuning.
public struct RenderOptions: Sendable {
    /// The defaults (`jpeg.progressive = false`, `pdf.image_scale = 2`), stated once in `init`.
    public static let `default` = RenderOptions()

    /// Write JPEGs progressive (interlaced).
    public var progressiveJPEG: Bool
    /// The most pixels per point a PDF embeds an image with, as a multiple of the render scale
    /// (`ImageRenderer.scale`): a larger source is downscaled once to its frame × this before it is
    /// embedded, so a 12 MP photo in a 300-point frame does not bloat the file. Default 2.
    public var pdfImageScale: Double

    public init(progressiveJPEG: Bool = false, pdfImageScale: Double = 2) {
        self.progressiveJPEG = progressiveJPEG
        self.pdfImageScale = pdfImageScale
    }
}

/// How long each stage of a render took, in milliseconds. libvips computes pixels lazily, so decoding
/// and resampling mostly happen inside `encode`.
public struct RenderTimings: Sendable {
    /// Opening sources and reading their headers.
    public var decode: Double = 0
    /// The layout engine.
    public var layout: Double = 0
    /// Building the libvips pipeline for the paint list.
    public var render: Double = 0
    /// Computing the pixels and encoding them.
    public var encode: Double = 0
}

/// An encoded image and what it is.
public struct RenderedImage: Sendable {
    public var bytes: [UInt8]
    public var format: ImageFormat
    public var pixelSize: PixelSize
    public var hasAlpha: Bool
    public var timings: RenderTimings
    /// Frames written: those of an animated source in an animated output, else 1 (`pixelSize` is one frame's).
    public var frameCount = 1
}
