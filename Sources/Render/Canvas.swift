import Layout
import Vips

/// A bitmap layers are drawn onto in paint order: the output (the plan's whole canvas) or an effect
/// group's offscreen layer. Transparent RGBA of `area`'s size; layers are placed in canvas pixels,
/// so a layer at `area.x, area.y` lands on this bitmap's top-left. Pixels are kept in `colorMode`'s
/// working space: 8-bit sRGB, or float linear light, which every layer is converted to as it lands.
struct Canvas {
    private(set) var image: VImage
    /// The canvas pixels this bitmap covers.
    let area: PixelRect
    /// Decides the working space layers are blended in.
    let colorMode: ColorRenderingMode
    /// Areas already drawn on (canvas pixels); everywhere else is still fully transparent.
    private var drawn: [PixelRect] = []

    /// The output canvas of `size`, at (0, 0).
    init(size: PixelSize, colorMode: ColorRenderingMode = .nonLinear) throws(VipsError) {
        try self.init(area: PixelRect(x: 0, y: 0, width: size.width, height: size.height), colorMode: colorMode)
    }

    /// An offscreen bitmap over the canvas pixels `area`.
    init(area: PixelRect, colorMode: ColorRenderingMode = .nonLinear) throws(VipsError) {
        self.area = area
        self.colorMode = colorMode
        image = try colorMode.working(try VImage.constant(width: area.width, height: area.height, color: [0, 0, 0, 0]))
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
        let layerPixels = try colorMode.working(layer.image)
        if drawn.isEmpty, rect == area {
            image = layerPixels
            return
        }
        image = try image.withAlpha()
        var pixels = try layerPixels.withAlpha()
        if drawn.contains(where: { $0.intersection(rect) != nil }) {
            pixels = try image.cropped(x: local.x, y: local.y, width: local.width, height: local.height)
                .composited(with: pixels, x: 0, y: 0, linearLight: colorMode.isLinear).rounded(like: image)
        }
        image = try image.inserting(pixels, x: local.x, y: local.y)
    }
}
