import Layout
import Sources

extension Renderer {
    /// The layout plan `render` would draw for `request`, without decoding a pixel: the sources' headers
    /// are read for their sizes, text is measured with Pango, as in `render`. The playground draws it
    /// over its preview; `imgframe plan` prints the same JSON (`RenderPlan.json`). `sources` as for `render`.
    public func plan(_ request: RenderRequest, sources: [ImageRef: ResolvedSource]) throws(RenderError) -> RenderPlan {
        let images = try openSources(request, sources: sources, deadline: Deadline(timeout: limits.timeout))
        try InstalledFonts.check(request.view.customFontFamilies)
        do {
            return try LayoutEngine.plan(
                request.view, images: ImageCatalog(images.mapValues(\.metrics)), proposal: request.proposal, scale: request.scale,
                text: PangoTextMeasurer())
        } catch {
            throw .layout(error)
        }
    }
}
