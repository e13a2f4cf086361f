import CVips
import CheckedConversion

/// An 8-bit sRGB canvas held in memory, for drawing many layers onto one bitmap: each layer is
/// computed once, on the calling thread, and pasted, or blended "over" with libvips's own arithmetic
/// (`cvips_blend_over_row`), in place, where a composite pipeline per layer recomputed and re-blended
/// every strip as the encoder read it. A canvas whose first pixels are all opaque (a view's
/// background) is held as RGB: "over" an opaque pixel leaves it opaque, so the alpha band would only
/// be stored, read and dropped again.
public final class RGBAPixels {
    public let width: Int
    public let height: Int
    /// Bands held: 4, or 3 for an opaque canvas.
    public private(set) var bands: Int
    /// `width × height × bands` bytes, rows packed; `nil` once `takeImage` handed them on.
    private var pixels: UnsafeMutablePointer<UInt8>?

    /// Whether `image` can be drawn here as it is: 8 bits a sample, four bands.
    public static func accepts(_ image: VImage) -> Bool { image.isUnsignedChar && image.bands == 4 }

    /// `image`'s pixels computed into memory (`accepts(image)` must hold), as RGB when all opaque.
    public init(computing image: VImage) throws(VipsError) {
        precondition(Self.accepts(image), "RGBAPixels holds 8-bit RGBA")
        width = image.width
        height = image.height
        bands = 4
        guard let data = malloc(width * height * 4) else { throw VipsError(operation: "canvas", message: "out of memory") }
        let buffer = data.assumingMemoryBound(to: UInt8.self)
        pixels = buffer
        switch cvips_draw_opaque_rows(image.pointer, buffer) {
        case 1: bands = 3
        case 0: try draw(image, x: 0, y: 0, blending: false)
        default: throw VipsError.take(operation: "canvas")
        }
    }

    deinit { free(pixels) }

    /// Replaces the pixels under `layer` (top-left at `x`, `y`, inside the bitmap) with its own. On
    /// an opaque canvas every pixel is drawn already, so a layer can only blend: it is drawn over.
    public func paste(_ layer: VImage, x: Int, y: Int) throws(VipsError) {
        try draw(layer, x: x, y: y, blending: bands == 3)
    }

    /// Draws `layer` (top-left at `x`, `y`, inside the bitmap) over the pixels under it.
    public func blend(_ layer: VImage, x: Int, y: Int) throws(VipsError) {
        try draw(layer, x: x, y: y, blending: true)
    }

    /// The pixels as an image, without a copy; this bitmap holds nothing afterwards. Where every
    /// pixel is opaque the image has no alpha band: the same pixels, and nothing for an encoder to
    /// flatten or store.
    public func takeImage() throws(VipsError) -> VImage {
        guard let owned = pixels else { preconditionFailure("RGBAPixels: the pixels were already taken") }
        pixels = nil
        if bands == 4, cvips_rgba_is_opaque(owned, width * height) != 0 {
            cvips_rgba_drop_alpha(owned, width * height)
            bands = 3
        }
        return try VImage.make("from blended pixels") { cvips_pixels_owning($0, owned, Int32(width), Int32(height), Int32(bands)) }
    }

    private func draw(_ layer: VImage, x: Int, y: Int, blending: Bool) throws(VipsError) {
        precondition(Self.accepts(layer), "RGBAPixels draws 8-bit RGBA")
        precondition(x >= 0 && y >= 0 && x + layer.width <= width && y + layer.height <= height, "layer outside the bitmap")
        guard let pixels else { preconditionFailure("RGBAPixels: the pixels were already taken") }
        let mode = !blending ? CVIPS_ROW_COPY : bands == 3 ? CVIPS_ROW_BLEND_OPAQUE : CVIPS_ROW_BLEND
        guard cvips_draw_rows(layer.pointer, pixels + (y * width + x) * bands, width * bands, Int32(mode.rawValue)) == 0 else {
            throw VipsError.take(operation: blending ? "blend" : "paste")
        }
    }
}
