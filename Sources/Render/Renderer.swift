import Layout
import TransformSpec
import Vips

/// Renders a `TransformSpec`: opens its sources, lays it out, draws the plan with libvips and
/// encodes the result. One call per request; safe to use from several threads at once.
public struct Renderer: Sendable {
    /// Where `Image("…")` names and the request's own path are looked up.
    public let sources: SourceDirectory
    public let options: RenderOptions
    public let limits: RenderLimits

    public init(sources: SourceDirectory, options: RenderOptions = RenderOptions(), limits: RenderLimits = RenderLimits()) throws(VipsError) {
        try Vips.start()
        self.sources = sources
        self.options = options
        self.limits = limits
    }

    /// Renders `spec`. With `fmt=auto`, the first of `autoFormats` is used if any (the formats the
    /// client accepts, best first), else JPEG, or PNG when the result has transparency. `opened`
    /// are source files the caller already resolved (by name), so they are not looked up again.
    public func render(_ spec: TransformSpec, autoFormats: [EncodedFormat] = [], opened: [String: ImageFile] = [:]) throws(RenderError) -> RenderedImage {
        var timings = RenderTimings()
        let clock = ContinuousClock()
        let started = clock.now
        var start = started
        func lap() -> Double {
            let now = clock.now
            defer { start = now }
            return (now - start).milliseconds
        }

        let images = try openSources(spec, opened: opened)
        timings.decode = lap()
        let plan: RenderPlan
        do {
            plan = try LayoutEngine.plan(spec.view, images: ImageCatalog(images.mapValues(\.metrics)), proposal: spec.proposal, scale: spec.scale)
        } catch {
            throw .layout(error)
        }
        timings.layout = lap()
        try checkOutput(plan.canvas)
        let canvas = try draw(plan, images: images)
        timings.render = lap()
        var remaining: Duration?
        if let timeout = limits.timeout {
            remaining = timeout - (clock.now - started)
            guard remaining! > .zero else { throw .timedOut }
        }
        let encoder = Encoder(
            format: spec.format, quality: spec.quality, isOpaque: spec.isOpaque, matte: spec.view.matte, options: options,
            autoFormats: autoFormats, deadline: remaining)
        let output = try encoder.encode(canvas, sources: images.values.map(\.name))
        timings.encode = lap()
        return RenderedImage(bytes: output.bytes, format: output.format, pixelSize: plan.canvas, hasAlpha: output.hasAlpha, timings: timings)
    }

    /// The canvas must fit the output limits before anything is drawn.
    private func checkOutput(_ canvas: PixelSize) throws(RenderError) {
        guard canvas.width <= limits.maxOutputSide, canvas.height <= limits.maxOutputSide else {
            throw .outputTooLarge("\(canvas.width)×\(canvas.height) pixels, the longest side allowed is \(limits.maxOutputSide)")
        }
        guard canvas.width * canvas.height <= limits.maxOutputPixels else {
            throw .outputTooLarge("\(canvas.width)×\(canvas.height) pixels, the limit is \(limits.maxOutputPixels) pixels")
        }
    }

    /// Opens every image the view shows; the request's `orient` applies to its own image only.
    private func openSources(_ spec: TransformSpec, opened: [String: ImageFile]) throws(RenderError) -> [ImageRef: SourceImage] {
        var images: [ImageRef: SourceImage] = [:]
        for ref in spec.view.imageRefs {
            let name = ref.name(primary: spec.source)
            let file: ImageFile
            if let known = opened[name] { file = known } else { file = try sources.file(named: name) }
            var fixed: ImageOrientation?
            if ref == .primary, case .fixed(let orientation) = spec.orientation { fixed = orientation }
            images[ref] = try SourceImage(name: name, file: file, fixedOrientation: fixed, limits: limits)
        }
        return images
    }

    private func draw(_ plan: RenderPlan, images: [ImageRef: SourceImage]) throws(RenderError) -> VImage {
        do {
            var canvas = try Canvas(size: plan.canvas)
            for operation in plan.operations {
                let layers: [Layer]
                switch operation {
                case .image(let paint):
                    layers = try ImageLayers(source: images[paint.ref]!, paint: paint, scale: plan.scale, limits: limits).layers()
                case .fill(let paint):
                    layers = try ShapeLayers.fill(paint)
                case .border(let paint):
                    layers = try ShapeLayers.border(paint)
                }
                for layer in layers { try canvas.draw(layer) }
            }
            return canvas.image
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            throw .internalFailure(error)
        } catch {
            throw .internalFailure(VipsError(operation: "draw", message: "\(error)"))
        }
    }
}

extension ViewNode {
    /// The colour uncovered pixels take when alpha is dropped: the outermost opaque solid background
    /// (the `bg` parameter compiles to one), else white.
    var matte: RGBAColor {
        switch self {
        case .background(_, .shape(.color(let color)), _) where color.opacity == 1: color
        case .border(let child, _, _), .overlay(let child, _, _), .clipped(let child, _): child.matte
        default: RGBAColor(red: 1, green: 1, blue: 1)
        }
    }
}
