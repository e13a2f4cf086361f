import Layout
import Sources
import TransformSpec

extension Renderer {
    /// The layout plan `render` would draw for `spec`, without decoding a pixel: the sources' headers
    /// are read for their sizes, text is measured with Pango, as in `render`. The playground draws it
    /// over its preview; `imgframe plan` prints the same JSON (`RenderPlan.json`). `sources` as for `render`.
    public func plan(_ spec: TransformSpec, sources: [ImageRef: ResolvedSource]) throws(RenderError) -> RenderPlan {
        let images = try openSources(spec, sources: sources, deadline: Deadline(timeout: limits.timeout))
        do {
            return try LayoutEngine.plan(
                spec.view, images: ImageCatalog(images.mapValues(\.metrics)), proposal: spec.proposal, scale: spec.scale,
                text: PangoTextMeasurer())
        } catch {
            throw .layout(error)
        }
    }
}
