import Layout
import Render
import Sources
import TransformSpec

/// A `Renderer` over one folder, for tests: renders a `TransformSpec` (its `renderRequest`) and resolves every image a spec shows through
/// `SourceDirectory` (the request's own path exactly, `Image("…")` with the asset search, as the
/// CLI does), then renders. Lookup errors are `SourceError`s, rendering errors `RenderError`s.
struct LocalRenderer {
    let renderer: Renderer
    let directory: SourceDirectory

    init(
        sources: SourceDirectory, options: RenderOptions = RenderOptions(), limits: RenderLimits = RenderLimits(), symbols: SymbolLibrary = .shared,
        derivedSources: DerivedSources? = nil
    ) throws {
        renderer = try Renderer(options: options, limits: limits, symbols: symbols, derivedSources: derivedSources)
        directory = sources
    }

    var limits: RenderLimits { renderer.limits }

    /// Every image `spec` shows, from the folder; `opened` ones are used as given.
    func sources(for spec: TransformSpec, opened: [ImageRef: ResolvedSource] = [:]) throws -> [ImageRef: ResolvedSource] {
        let missing = spec.view.imageRefs.filter { opened[$0] == nil }
        return try directory.sources(for: missing, primary: spec.source, scale: spec.scale).merging(opened) { _, given in given }
    }

    func render(_ spec: TransformSpec, autoFormats: [ImageFormat] = [], opened: [ImageRef: ResolvedSource] = [:]) throws -> RenderedImage {
        try renderer.render(spec.renderRequest, sources: sources(for: spec, opened: opened), autoFormats: autoFormats)
    }

    func prepare(_ spec: TransformSpec, autoFormats: [ImageFormat] = []) throws -> PreparedRender {
        try renderer.prepare(spec.renderRequest, sources: sources(for: spec), autoFormats: autoFormats)
    }

    func render(_ prepared: PreparedRender) throws -> RenderedImage {
        try renderer.render(prepared)
    }

    func plan(_ spec: TransformSpec) throws -> RenderPlan {
        try renderer.plan(spec.renderRequest, sources: sources(for: spec))
    }
}
