import Layout
import Sources

extension Renderer {
    /// The layout plan `render` would draw for `request`: the sources' headers are read for their
    /// sizes, text is measured with Pango, trims and content focus look at pixels, as in `render`. The playground draws it
    /// over its preview; `imgframe plan` prints the same JSON (`RenderPlan.json`). `sources` as for `render`.
    public func plan(_ request: RenderRequest, sources: [ImageRef: ResolvedSource]) throws(RenderError) -> RenderPlan {
        let deadline = Deadline(timeout: limits.timeout)
        let images = try lookAtPixels(request, images: readHeaders(request, sources: sources, deadline: deadline), deadline: deadline)
        try InstalledFonts.check(request.view.customFontFamilies)
        return try layOut(request, images: images, deadline: deadline)
    }
}
