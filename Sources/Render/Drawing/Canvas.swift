import Layout
import Vips

/// A bitmap layers are drawn onto in paint order: the output (the plan's whole canvas) or an effect
/// group's offscreen layer. Transparent RGBA of `area`'s size; layers are placed in canvas pixels,
/// so a layer at `area.x, area.y` lands on this bitmap's top-left. Pixels are kept in `colorMode`'s
/// working space: 8-bit sRGB, or float linear light, which every layer is converted to as it lands.
///
/// Layers that only paste stay a lazy libvips pipeline (a resized photo is computed once, by its
/// encoder). From the first layer that blends over another, an 8-bit canvas is held in memory
/// (`RGBAPixels`): each later layer is computed once and pasted or blended in place, with libvips's
/// own arithmetic, so the pixels are the ones a composite pipeline per layer gave. Linear light
/// keeps blending with libvips composites.
struct Canvas {
    /// The pixels drawn so far, while they are a pipeline; `nil` until a layer that does not cover
    /// the whole bitmap asks for the transparent pixels around it.
    private var pipeline: VImage?
    /// The pixels drawn so far, once layers blend in memory.
    private var blended: RGBAPixels?
    /// The canvas pixels this bitmap covers.
    let area: PixelRect
    /// Decides the working space layers are blended in.
    let colorMode: ColorRenderingMode
    /// Stops a layer computed for blending when the render's time is up.
    let deadline: Deadline
    /// Areas already drawn on (canvas pixels); everywhere else is still fully transparent.
    private var drawn: [PixelRect] = []

    /// The output canvas of `size`, at (0, 0).
    init(size: PixelSize, colorMode: ColorRenderingMode = .nonLinear, deadline: Deadline = Deadline(timeout: nil)) {
        self.init(area: PixelRect(x: 0, y: 0, width: size.width, height: size.height), colorMode: colorMode, deadline: deadline)
    }

    /// An offscreen bitmap over the canvas pixels `area`.
    init(area: PixelRect, colorMode: ColorRenderingMode = .nonLinear, deadline: Deadline = Deadline(timeout: nil)) {
        self.area = area
        self.colorMode = colorMode
        self.deadline = deadline
    }

    /// What was drawn; a canvas held in memory hands its pixels over without a copy and starts
    /// again from them as a pipeline.
    mutating func image() throws(VipsError) -> VImage {
        if let blended {
            pipeline = try blended.takeImage()
            self.blended = nil
        }
        if let pipeline { return pipeline }
        let transparent = try colorMode.working(try VImage.constant(width: area.width, height: area.height, color: [0, 0, 0, 0]))
        pipeline = transparent
        return transparent
    }

    /// Draws `layer` over what is there; the part outside `area` is cut off. Where nothing has been
    /// drawn yet, "over" a transparent pixel is the layer's own pixel, so it is pasted exactly (a
    /// first layer that covers the whole bitmap simply becomes it, alpha band or not). Where layers
    /// overlap they are blended, and only under the layer: libvips's blend rounds semi-transparent
    /// colours of every pixel it touches.
    mutating func draw(_ layer: Layer) throws(VipsError) {
        guard let layer = try layer.cropped(to: area) else { return }
        let rect = PixelRect(x: layer.x, y: layer.y, width: layer.image.width, height: layer.image.height)
        defer { drawn.append(rect) }
        let local = rect.offset(from: area)
        var layerPixels = try colorMode.working(layer.image)
        if layer.blend != .normal {
            // A blend mode needs what is beneath: the layer and those pixels combined, then pasted.
            let beneath = try image().withAlpha().cropped(x: local.x, y: local.y, width: local.width, height: local.height)
            layerPixels = try colorMode.working(
                Self.blended(layer.image, over: beneath, mode: layer.blend, colorMode: colorMode, deadline: deadline))
        }
        if drawn.isEmpty, rect == area {
            pipeline = layerPixels
            return
        }
        let blends = layer.blend == .normal && drawn.contains(where: { $0.intersection(rect) != nil })
        let pixels = try layerPixels.withAlpha()
        if try drawInMemory(pixels, at: local, blending: blends) { return }
        var image = try image().withAlpha()
        var placed = pixels
        if blends {
            placed = try image.cropped(x: local.x, y: local.y, width: local.width, height: local.height)
                .composited(with: pixels, x: 0, y: 0, linearLight: colorMode.isLinear).rounded(like: image)
        }
        image = try image.inserting(placed, x: local.x, y: local.y)
        pipeline = image
    }

    /// Pastes or blends `pixels` at `local` (bitmap pixels) into the canvas held in memory, computing
    /// the canvas first if it is still a pipeline and this layer is the first to blend. False, with
    /// nothing drawn, where the layers stay a pipeline: linear light, a layer that only pastes onto a
    /// pipeline, and anything not 8-bit RGBA (the canvas or the layer).
    private mutating func drawInMemory(_ pixels: VImage, at local: PixelRect, blending: Bool) throws(VipsError) -> Bool {
        guard !colorMode.isLinear, RGBAPixels.accepts(pixels) else { return false }
        let canvas: RGBAPixels
        if let blended {
            canvas = blended
        } else {
            guard blending else { return false }
            let base = try image().withAlpha()
            guard RGBAPixels.accepts(base) else { return false }
            canvas = try Watchdog.run(cancelling: base, after: deadline.remaining) { () throws(VipsError) in try RGBAPixels(computing: base) }
            blended = canvas
        }
        try Watchdog.run(cancelling: pixels, after: deadline.remaining) { () throws(VipsError) in
            if blending { try canvas.blend(pixels, x: local.x, y: local.y) } else { try canvas.paste(pixels, x: local.x, y: local.y) }
        }
        return true
    }
}
