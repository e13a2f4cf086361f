import Layout
import Vips

/// The output bitmap: transparent RGBA of the plan's canvas size, with layers drawn over it in
/// paint order.
struct Canvas {
    private(set) var image: VImage
    let size: PixelSize
    /// Areas already drawn on; everywhere else is still fully transparent.
    private var drawn: [PixelRect] = []

    init(size: PixelSize) throws(VipsError) {
        self.size = size
        image = try VImage.constant(width: size.width, height: size.height, color: [0, 0, 0, 0])
    }

    /// Draws `layer` over what is there. Where nothing has been drawn yet, "over" a transparent pixel
    /// is the layer's own pixel, so it is pasted exactly (a first layer that covers the whole canvas
    /// simply becomes the canvas, alpha band or not). Where layers overlap they are blended, and only
    /// under the layer: libvips's blend rounds semi-transparent colours of every pixel it touches.
    mutating func draw(_ layer: Layer) throws(VipsError) {
        let rect = PixelRect(x: layer.x, y: layer.y, width: layer.image.width, height: layer.image.height)
        defer { drawn.append(rect) }
        if drawn.isEmpty, rect == PixelRect(x: 0, y: 0, width: size.width, height: size.height) {
            image = layer.image
            return
        }
        image = try image.withAlpha()
        var pixels = try layer.image.withAlpha()
        if drawn.contains(where: { $0.intersection(rect) != nil }) {
            pixels = try image.cropped(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
                .composited(with: pixels, x: 0, y: 0).rounded8()
        }
        image = try image.inserting(pixels, x: rect.x, y: rect.y)
    }
}
