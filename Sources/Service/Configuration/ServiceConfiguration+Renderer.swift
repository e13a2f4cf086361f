import Render
import Vips

extension ServiceConfiguration {
    /// The encoder settings of `jpeg.progressive` and `pdf.image_scale`.
    public var renderOptions: RenderOptions {
        RenderOptions(progressiveJPEG: progressiveJPEG, pdfImageScale: pdfImageScale)
    }

    /// The renderer this configuration describes: sources under `root` (or `folder`), `render`'s
    /// limits, `renderOptions`, and libvips's untrusted loaders as `loaders.untrusted` says. The
    /// service and the CLI's `render` both build theirs here, so a limit set in the config file
    /// applies to both alike. Throws when libvips cannot start.
    public func makeRenderer(root folder: String? = nil) throws(VipsError) -> Renderer {
        try Vips.start()
        Vips.allowUntrustedLoaders(untrustedLoaders)
        return try Renderer(sources: SourceDirectory(root: folder ?? root), options: renderOptions, limits: render)
    }
}
