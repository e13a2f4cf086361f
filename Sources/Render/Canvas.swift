import Layout
import Vips

/// The output bitmap: transparent RGBA of the plan's canvas size, with layers composited over it in
/// paint order.
struct Canvas {
    private(set) var image: VImage
    let size: PixelSize

    init(size: PixelSize) throws(VipsError) {
        self.size = size
        image = try VImage.constant(width: size.width, height: size.height, color: [0, 0, 0, 0])
    }

    /// Composites `layer` over what is there.
    mutating func draw(_ layer: Layer) throws(VipsError) {
        image = try image.composited(with: layer.image, x: layer.x, y: layer.y)
    }
}
