import Layout
import Vips

/// Draws a plan's paint list: one place that turns each operation into layers (images, fills,
/// borders, shapes, effect groups), applies what its placement adds (clip shapes, opacity) and
/// composites the layers in paint order, onto the output or onto a group's offscreen layer.
/// Sizes and memory were checked with the whole plan before drawing starts; the deadline is
/// checked between operations. `colorMode` decides the space images are resampled and layers
/// blended in, and the depth of the result.
struct PlanDrawer {
    let plan: RenderPlan
    let images: [ImageRef: SourceImage]
    /// The SVG of every symbol the plan draws, by SF name (`SymbolLibrary.glyphs(for:)`).
    let symbols: [String: [UInt8]]
    let limits: RenderLimits
    let deadline: Deadline
    /// `ImageRenderer.colorMode`.
    let colorMode: ColorRenderingMode
    let geometry: PaintGeometry

    init(
        plan: RenderPlan, images: [ImageRef: SourceImage], symbols: [String: [UInt8]] = [:], limits: RenderLimits, deadline: Deadline,
        colorMode: ColorRenderingMode = .nonLinear
    ) {
        self.plan = plan
        self.images = images
        self.symbols = symbols
        self.limits = limits
        self.deadline = deadline
        self.colorMode = colorMode
        geometry = PaintGeometry(plan: plan)
    }

    /// The whole canvas with every operation drawn, sRGB-encoded for the encoder (16 bits per sample
    /// for `extendedLinear`, else 8).
    func draw() throws(RenderError) -> VImage {
        do {
            var canvas = Canvas(size: plan.canvas, colorMode: colorMode, deadline: deadline)
            for operation in plan.operations {
                try deadline.check()
                for layer in try layers(operation, outerClips: 0) { try canvas.draw(layer) }
            }
            try deadline.check()
            return try colorMode.encoded(canvas.image())
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            throw error.operation == Watchdog.deadlineError.operation ? .timedOut : .internalFailure(error)
        } catch {
            throw .internalFailure(VipsError(operation: "draw", message: "\(error)"))
        }
    }

    /// The layers `operation` puts on the canvas, in canvas pixels, finished with its placement's
    /// clip shapes and opacity. The first `outerClips` clips of every placement belong to enclosing
    /// effect groups, which apply them to their own result (a shadow is cut by them too), so they
    /// are not applied twice.
    func layers(_ operation: PaintOperation, outerClips: Int) throws -> [Layer] {
        switch operation {
        case .image(let paint):
            let layers = try ImageLayers(
                source: images[paint.ref]!, paint: paint, scale: plan.scale, limits: limits, deadline: deadline, colorMode: colorMode
            ).layers()
            return try finished(layers, paint.placement, outerClips: outerClips)
        case .fill(let paint):
            return try finished(try ShapeLayers.fill(paint, scale: plan.scale), paint.placement, outerClips: outerClips)
        case .border(let paint):
            return try finished(try ShapeLayers.border(paint, scale: plan.scale), paint.placement, outerClips: outerClips)
        case .shape(let paint):
            return try finished(try ShapeLayers.shape(paint, geometry: geometry), paint.placement, outerClips: outerClips)
        case .text(let paint):
            return try finished(try TextLayers.text(paint, scale: plan.scale), paint.placement, outerClips: outerClips)
        case .symbol(let paint):
            return try finished(try SymbolLayers.symbol(paint, svg: symbols[paint.symbol.name]!), paint.placement, outerClips: outerClips)
        case .group(let group):
            return try groupLayers(group, outerClips: outerClips)
        }
    }

    /// `layers` cut by the placement's clip shapes from `outerClips` on, and faded by its opacity.
    /// Rectangle clips are already exact: the layers were drawn only inside them.
    private func finished(_ layers: [Layer], _ placement: Placement, outerClips: Int) throws(VipsError) -> [Layer] {
        var finished = try clipped(layers, to: placement.clips.dropFirst(outerClips))
        if placement.opacity != 1 {
            for index in finished.indices { finished[index].image = try finished[index].image.withOpacity(placement.opacity) }
        }
        return finished
    }

    /// Every layer's alpha multiplied by the coverage of each clip of `clips` that is not a
    /// rectangle, placed in canvas pixels (`clipShape`, `cornerRadius`).
    func clipped(_ layers: [Layer], to clips: ArraySlice<ResolvedShape>) throws(VipsError) -> [Layer] {
        let shapes = clips.filter { $0.outline != .rectangle }
        guard !shapes.isEmpty else { return layers }
        var clipped = layers
        for index in clipped.indices {
            for shape in shapes {
                let mask = try ShapeRasterizer.mask(geometry.path(shape), area: clipped[index].rect)
                clipped[index].image = try clipped[index].image.clipped(toMask: mask)
            }
        }
        return clipped
    }
}
