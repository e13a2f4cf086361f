import CVips
import CheckedConversion

/// An 8-bit sRGB RGBA bitmap held in memory, for drawing many layers onto one canvas: each layer is
/// computed once and pasted, or blended "over" with libvips's own arithmetic (`cvips_blend_over`),
/// in place, where a composite pipeline per layer recomputed and re-blended every strip as the
/// encoder read it.
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
        pixels = try Self.compute(image)
    }

    deinit { cvips_free(pixels) }

    /// Replaces the pixels under `layer` (top-left at `x`, `y`, inside the bitmap) with its own.
    public func paste(_ layer: VImage, x: Int, y: Int) throws(VipsError) {
        try draw(layer, x: x, y: y) { target, stride, source in
            let row = layer.width * 4
            for line in 0..<layer.height { (target + stride * line).update(from: source + row * line, count: row) }
        }
    }

    /// Draws `layer` (top-left at `x`, `y`, inside the bitmap) over the pixels under it.
    public func blend(_ layer: VImage, x: Int, y: Int) throws(VipsError) {
        try draw(layer, x: x, y: y) { target, stride, source in
            cvips_blend_over(target, stride, source, Int32(layer.width), Int32(layer.height))
        }
    }

    /// The pixels as an image, without a copy; this bitmap holds nothing afterwards. Where every
    /// pixel is opaque the alpha band is left out: the same pixels, and nothing for an encoder to
    /// flatten or store.
    public func takeImage() throws(VipsError) -> VImage {
        guard let owned = pixels else { preconditionFailure("RGBAPixels: the pixels were already taken") }
        let opaque = isOpaque
        pixels = nil
        return try VImage.make("from blended pixels") { cvips_rgba_owning($0, owned, Int32(width), Int32(height), opaque ? 1 : 0) }
    }

    /// Whether every pixel's alpha is 255.
    private var isOpaque: Bool {
        guard let pixels else { return false }
        return cvips_rgba_is_opaque(pixels, width * height) != 0
    }

    private func draw(
        _ layer: VImage, x: Int, y: Int,
        _ body: (UnsafeMutablePointer<UInt8>, Int, UnsafeMutablePointer<UInt8>) -> Void
    ) throws(VipsError) {
        precondition(Self.accepts(layer), "RGBAPixels draws 8-bit RGBA")
        precondition(x >= 0 && y >= 0 && x + layer.width <= width && y + layer.height <= height, "layer outside the bitmap")
        guard let pixels else { preconditionFailure("RGBAPixels: the pixels were already taken") }
        let source = try Self.compute(layer)
        defer { cvips_free(source) }
        body(pixels + (y * width + x) * 4, width * 4, source)
    }

    /// `image` computed into a new malloc'd buffer of packed rows.
    private static func compute(_ image: VImage) throws(VipsError) -> UnsafeMutablePointer<UInt8> {
        guard let data = g_try_malloc(gsize(image.width * image.height * 4)) else { throw VipsError(operation: "compute", message: "out of memory") }
        let pixels = data.assumingMemoryBound(to: UInt8.self)
        guard cvips_compute_into(image.pointer, pixels) == 0 else {
            g_free(data)
            throw VipsError.take(operation: "compute")
        }
        return pixels
    }
}
