import Layout
import Sources
import Vips

/// Renders a `RenderRequest` (`TransformSpec.renderRequest`) from sources the caller resolved: reads their headers, lays it out,
/// draws the plan with libvips and encodes the result. It looks nothing up by name (the service's
/// `SourceResolver`, or `SourceDirectory.sources(for:primary:scale:)` without origins, does). One
/// call per request; safe to use from several threads at once.
public struct Renderer: Sendable {
    /// Encoder tuning.
    public let options: RenderOptions
    /// Sizes, memory, time and format caps every render is checked against.
    public let limits: RenderLimits
    /// Where `Image(systemName:)` icons come from.
    public let symbols: SymbolLibrary
    /// Reduced decodes kept for the next render of the same original; `nil` decodes every time.
    public let derivedSources: DerivedSources?

    /// Starts libvips (once per process) and keeps the settings.
    public init(
        options: RenderOptions = RenderOptions(), limits: RenderLimits = RenderLimits(), symbols: SymbolLibrary = .shared,
        derivedSources: DerivedSources? = nil
    ) throws(VipsError) {
        try Vips.start()
        self.options = options
        self.limits = limits
        self.symbols = symbols
        self.derivedSources = derivedSources
    }

    /// Renders `request`. With `fmt=auto`, the first of `autoFormats` within its pixel cap is used (the
    /// formats the client accepts, best first), else JPEG, or PNG when the result has transparency.
    /// `sources` hold every image the view shows (`view.imageRefs`), already resolved; a missing one
    /// is the caller's mistake (`unresolvedSource`). Sizes, layers, memory, time and the format's cap
    /// are checked before anything is drawn (`prepare`); the deadline after every stage.
    public func render(_ request: RenderRequest, sources: [ImageRef: ResolvedSource], autoFormats: [ImageFormat] = []) throws(RenderError)
        -> RenderedImage
    {
        try render(prepare(request, sources: sources, autoFormats: autoFormats))
    }

    /// Reads the sources' headers, lays `request` out and checks everything the plan will cost (sizes, layers,
    /// memory, CPU time against the deadline, the format's cap) without drawing a pixel; `render(_:)`
    /// draws the result. Arguments as for `render(_:sources:autoFormats:)`.
    public func prepare(_ request: RenderRequest, sources: [ImageRef: ResolvedSource], autoFormats: [ImageFormat] = []) throws(RenderError)
        -> PreparedRender
    {
        try prepare(open(request, sources: sources), autoFormats: autoFormats)
    }

    /// The first stage of `prepare`: reads the header of every image the view shows (the limits on
    /// each file and header checked), decoding nothing, and estimates what looking at their pixels
    /// before layout (trims, content focus) will cost; a look whose decode alone would exceed the
    /// render budget is refused here.
    public func open(_ request: RenderRequest, sources: [ImageRef: ResolvedSource]) throws(RenderError) -> OpenedRender {
        let stages = StageClock()
        let images = try readHeaders(request, sources: sources, deadline: Deadline(timeout: limits.timeout))
        var analysis: [RenderCost.Item] = []
        for (ref, _) in request.view.imageTrims {
            guard let image = images[ref] else { continue }
            try image.checkAnalysisDecode(.none, for: "a trim", limits: limits)
            analysis.append(RenderCost.analysis(trimming: image))
        }
        for ref in request.view.contentFocusedImages {
            guard let image = images[ref] else { continue }
            let reduction = ContentFocusFinder.reduction(for: image)
            try image.checkAnalysisDecode(reduction, for: "a content focus", limits: limits)
            analysis.append(RenderCost.analysis(focusing: image, reduction: reduction))
        }
        return OpenedRender(request: request, images: images, analysis: analysis, elapsed: stages.elapsed)
    }

    /// The second stage of `prepare`: trims, lays out (content focus looks at pixels here) and checks
    /// everything the plan will cost. With `fmt=auto`, the formats the client accepts are tried in
    /// its order, and the first that passes every check (cap, memory, time) is chosen; JPEG/PNG last.
    public func prepare(_ opened: OpenedRender, autoFormats: [ImageFormat] = []) throws(RenderError) -> PreparedRender {
        let request = opened.request
        var timings = RenderTimings()
        var stages = StageClock()
        // The deadline is checked after every stage, not only before encoding: each stage can be slow.
        let deadline = Deadline(timeout: limits.timeout.map { $0 - opened.elapsed })
        let images = try lookAtPixels(request, images: opened.images, deadline: deadline)
        let glyphs = try symbols.glyphs(for: request.view.symbolNames)
        // Before layout: measuring an unknown family would quietly use a fallback face.
        try InstalledFonts.check(request.view.customFontFamilies)
        timings.decode = stages.lap()
        let plan = try layOut(request, images: images, deadline: deadline)
        try deadline.check()
        timings.layout = stages.lap()
        // Everything the plan will cost is checked before the first libvips call that draws.
        try checkOutput(plan)
        try plan.checkIntermediateSizes(limits)
        let animates = request.frame == nil && Animation.driver(in: images) != nil
        let choices = try FormatChoice.candidates(
            format: request.format, autoFormats: autoFormats, canvas: plan.canvas, limits: limits, animated: animates)
        // PDF is never fmt=auto's: the glyph images are the same for every candidate.
        let glyphImages = GlyphImages(plan: plan, pdf: choices[0].format == .pdf)
        func checked(_ choice: FormatChoice) throws(RenderError) -> PreparedRender {
            let animation = try Animation(request: request, images: images, format: choice.format, limits: limits)
            try RenderBudget(
                plan: plan, images: images, choice: choice, isOpaque: request.isOpaque, colorMode: request.colorMode, glyphs: glyphImages,
                animation: animation, maxBytes: request.maxBytes
            ).check(limits)
            let cost = RenderCost(
                plan: plan, images: images, choice: choice, glyphs: glyphImages, animation: animation, colorMode: request.colorMode,
                maxBytes: request.maxBytes, encoder: request.encoder, analysis: opened.analysis)
            try cost.check(limits)
            return PreparedRender(
                request: request, images: images, glyphs: glyphs, plan: plan, choice: choice, animation: animation, timings: timings,
                elapsed: opened.elapsed + stages.elapsed, cost: cost)
        }
        // Every choice but the last (an explicit format, or fmt=auto's JPEG/PNG) may give way to the next.
        for choice in choices.dropLast() {
            if let prepared = try? checked(choice) { return prepared }
        }
        return try checked(choices[choices.count - 1])
    }

    /// What is left of a render's deadline once it is prepared: time spent waiting for a worker
    /// between the two does not count; preparing does.
    func remainingDeadline(_ prepared: PreparedRender) -> Deadline {
        Deadline(timeout: limits.timeout.map { $0 - prepared.elapsed })
    }

    /// Draws and encodes a prepared render, within what is left of the deadline after `prepare`.
    public func render(_ prepared: PreparedRender) throws(RenderError) -> RenderedImage {
        let (request, images, glyphs, plan, choice) = (prepared.request, prepared.images, prepared.glyphs, prepared.plan, prepared.choice)
        var timings = prepared.timings
        var stages = StageClock()
        let deadline = remainingDeadline(prepared)
        try deadline.check()
        if choice.format == .pdf {
            // The same paint list, written as vectors instead of drawn into pixels (`PDFWriter`).
            let bytes = try PDFWriter(
                plan: plan, images: images, symbols: glyphs, page: request.page, matte: request.isOpaque ? request.view.matte : nil,
                quality: request.quality.value(for: .pdf), options: options, limits: limits, deadline: deadline
            ).write()
            timings.render = stages.lap()
            return RenderedImage(bytes: bytes, format: .pdf, pixelSize: plan.canvas, hasAlpha: !request.isOpaque, timings: timings)
        }
        let canvas: VImage
        if let animation = prepared.animation {
            canvas = try drawFrames(animation, prepared, deadline: deadline)
        } else {
            canvas = try still(
                PlanDrawer(plan: plan, images: images, symbols: glyphs, limits: limits, deadline: deadline, colorMode: request.colorMode).draw())
        }
        timings.render = stages.lap()
        let encoder = Encoder(
            choice: choice, quality: request.quality, maxBytes: request.maxBytes, isOpaque: request.isOpaque, matte: request.view.matte,
            options: options,
            settings: request.encoder, primary: images[.primary], synthetic: plan.isSynthetic, deadline: deadline)
        let output = try encoder.encode(canvas, sources: Array(images.values))
        timings.encode = stages.lap()
        return RenderedImage(
            bytes: output.bytes, format: output.format, pixelSize: plan.canvas, hasAlpha: output.hasAlpha, timings: timings,
            frameCount: prepared.animation?.frameCount ?? 1)
    }

    /// The canvas must fit the output limits before anything is drawn, and hold at least one pixel: a
    /// root of 1e-42 points is not empty to layout, but rounds to no pixels at all.
    private func checkOutput(_ plan: RenderPlan) throws(RenderError) {
        let canvas = plan.canvas
        guard canvas.width >= 1, canvas.height >= 1 else { throw .layout(.emptyRootSize(plan.rootSize)) }
        guard canvas.width <= limits.maxOutputSide, canvas.height <= limits.maxOutputSide else {
            throw .outputTooLarge("\(canvas.width)×\(canvas.height) pixels, the longest side allowed is \(limits.maxOutputSide)")
        }
        guard canvas.width * canvas.height <= limits.maxOutputPixels else {
            throw .outputTooLarge("\(canvas.width)×\(canvas.height) pixels, the limit is \(limits.maxOutputPixels) pixels")
        }
    }

    /// Lays `request` out over `images`, with Pango measuring text and `ContentFocusFinder` judging
    /// content focus (whose failure, which layout cannot throw, is thrown here).
    func layOut(_ request: RenderRequest, images: [ImageRef: SourceImage], deadline: Deadline) throws(RenderError) -> RenderPlan {
        let focus = ContentFocusFinder(images: images, limits: limits, deadline: deadline)
        let plan: RenderPlan
        do {
            let catalog = ImageCatalog(images.mapValues(\.metrics))
            plan = try LayoutEngine.plan(
                request.view, images: catalog, proposal: request.rootProposal(over: catalog), scale: request.scale, canvas: request.canvasRounding,
                text: PangoTextMeasurer(), focus: focus)
        } catch {
            throw .layout(error)
        }
        if let failure = focus.failure { throw failure }
        return plan
    }

    /// Reads the header of every image the view shows, from `sources`; the request's `orient`
    /// applies to its own image only.
    func readHeaders(_ request: RenderRequest, sources: [ImageRef: ResolvedSource], deadline: Deadline) throws(RenderError) -> [ImageRef: SourceImage]
    {
        var images: [ImageRef: SourceImage] = [:]
        for ref in request.view.imageRefs {
            try deadline.check()
            guard let source = sources[ref] else { throw .unresolvedSource(ref) }
            images[ref] = try SourceImage(
                name: source.name, file: source.file, orientation: ref == .primary ? request.orientation : .auto, limits: limits,
                derived: derivedSources.map { ($0, source.version) })
        }
        return images
    }

    /// Crops the images the view crops (from their headers alone), trims the ones it trims (which
    /// decodes them), then picks the `frame` shown, before layout, so a content focus judges the
    /// frame drawn.
    func lookAtPixels(_ request: RenderRequest, images opened: [ImageRef: SourceImage], deadline: Deadline) throws(RenderError) -> [ImageRef:
        SourceImage]
    {
        var images = opened
        for (ref, crop) in request.view.imageCrops {
            guard let image = images[ref] else { continue }
            images[ref] = image.cropped(crop)
        }
        for (ref, trim) in request.view.imageTrims {
            try deadline.check()
            guard let image = images[ref] else { continue }
            images[ref] = try image.trimmed(trim, limits: limits, deadline: deadline)
        }
        if let frame = request.frame { images = try Animation.showing(frame, of: images) }
        return images
    }
}

extension ViewNode {
    /// The colour uncovered pixels take when alpha is dropped: the outermost opaque solid background
    /// (the `bg` parameter compiles to one), else white.
    var matte: RGBAColor {
        switch self {
        case .background(_, .shape(.color(let color)), _) where color.opacity == 1: color
        case .backgroundStyle(_, .color(let color)) where color.opacity == 1: color
        case .border(let child, _, _), .overlay(let child, _, _), .clipped(let child, _), .id(let child, _), .logSizes(let child, _): child.matte
        default: RGBAColor(red: 1, green: 1, blue: 1)
        }
    }
}
