import Render
import Vips

extension ServiceConfiguration {
    /// The encoder settings of `jpeg.progressive` and `pdf.image_scale`.
    public var renderOptions: RenderOptions {
        RenderOptions(progressiveJPEG: progressiveJPEG, pdfImageScale: pdfImageScale)
    }

    /// The renderer this configuration describes: `render`'s limits, `renderOptions`, libvips's
    /// untrusted loaders as `loaders.untrusted` says, and libvips's own resources as the service
    /// bounds them (no operation cache, one thread per image). The service and the CLI's `render`
    /// both build theirs here, so a limit set in the config file applies to both alike, and `render
    /// --repeat` measures the work a miss does: only the service keeps decodes for the next size of
    /// an original (`keepingDerivedSources`, within `derived_sources.max_bytes`). Throws when
    /// libvips cannot start.
    public func makeRenderer(keepingDerivedSources: Bool = false) throws(VipsError) -> Renderer {
        try Vips.start()
        Vips.allowUntrustedLoaders(untrustedLoaders)
        Vips.boundResources(cacheMemory: Limits.vipsCacheMemory, threadsPerImage: Limits.vipsThreadsPerImage)
        let derived = keepingDerivedSources && derivedSourcesMaxBytes > 0 ? DerivedSources(capacity: derivedSourcesMaxBytes) : nil
        return try Renderer(options: renderOptions, limits: render, derivedSources: derived)
    }
}
