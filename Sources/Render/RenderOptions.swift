import Layout
import TransformSpec

/// An encoder the renderer can write, with its media type.
public enum EncodedFormat: String, Sendable, CaseIterable {
    case jpeg, png, webp, avif, gif

    public var contentType: String { "image/\(rawValue)" }

    /// Formats that can carry an alpha channel.
    public var supportsAlpha: Bool { self != .jpeg }
}

/// Settings of the renderer that do not come from the request: encoder tuning.
public struct RenderOptions: Sendable {
    /// Write JPEGs progressive (interlaced).
    public var progressiveJPEG: Bool

    public init(progressiveJPEG: Bool = false) {
        self.progressiveJPEG = progressiveJPEG
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
    public var format: EncodedFormat
    public var pixelSize: PixelSize
    public var hasAlpha: Bool
    public var timings: RenderTimings
}
