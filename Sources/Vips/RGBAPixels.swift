import CVips
import CheckedConversion

/// An 8-bit sRGB RGBA bitmap held in memory, for drawing many layers onto one canvas: each layer is
/// computed once, on the calling thread, and pasted, or blended "over" with libvips's own arithmetic
/// (`cvips_blend_over_row`), in place, where a composite pipeline per layer recomputed and re-blended
/// every strip as the encoder read it.
public final class RGBAPixels {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes, rows packed; `nil` once `takeImage` handed them on.
    private var pixels: UnsafeMutablePointer<UInt8>?

    /// Whether `image` can be drawn here as it is: 8 bits a sample, four bands.
    public static func accepts(_ image: VImage) -> Bool { image.isUnsignedChar && image.bands == 4 }

    /// `image`'s pixels computed into memory (`accepts(image)` must hold).
    public init(computing image: VImage) throws(VipsError) {
        precondition(Self.accepts(image), "RGBAPixels holds 8-bit RGBA")
        width = image.width
        height = image.height
        guard let data = malloc(width * height * 4) else { throw VipsError(operation: "canvas", message: "out of memory") }
        pixels = data.assumingMemoryBound(to: UInt8.self)
        try draw(image, x: 0, y: 0, blending: false)
    }

    deinit { free(pixels) }

    /// Replaces the pixels under `layer` (top-left at `x`, `y`, inside the bitmap) with its own.
    public func paste(_ layer: VImage, x: Int, y: Int) throws(VipsError) {
        try draw(layer, x: x, y: y, blending: false)
    }

    /// Draws `layer` (top-left at `x`, `y`, inside the bitmap) over the pixels under it.
    public func blend(_ layer: VImage, x: Int, y: Int) throws(VipsError) {
        try draw(layer, x: x, y: y, blending: true)
    }

    /// The pixels as an image, without a copy; this bitmap holds nothing afterwards. Where every
    /// pixel is opaque the alpha band is left out: the same pixels, and nothing for an encoder to
    /// flatten or store.
    public func takeImage() throws(VipsError) -> VImage {
        guard let owned = pixels else { preconditionFailure("RGBAPixels: the pixels were already taken") }
        let opaque = cvips_rgba_is_opaque(owned, width * height) != 0
        pixels = nil
        return try VImage.make("from blended pixels") { cvips_rgba_owning($0, owned, Int32(width), Int32(height), opaque ? 1 : 0) }
    }

    private func draw(_ layer: VImage, x: Int, y: Int, blending: Bool) throws(VipsError) {
        precondition(Self.accepts(layer), "RGBAPixels draws 8-bit RGBA")
        precondition(x >= 0 && y >= 0 && x + layer.width <= width && y + layer.height <= height, "layer outside the bitmap")
        guard let pixels else { preconditionFailure("RGBAPixels: the pixels were already taken") }
        guard cvips_draw_rows(layer.pointer, pixels + (y * width + x) * 4, width * 4, blending ? 1 : 0) == 0 else {
            throw VipsError.take(operation: blending ? "blend" : "paste")
        }
    }
}
