import CCairo
import Layout
import Vips

/// One-band coverage masks drawn with cairo (0 outside, 255 fully covered), the form both shapes and
/// text are drawn in before libvips colours them: the surface, its checks and the copy into libvips
/// live here once.
enum CairoMask {
    /// A mask over the canvas pixels `area` (its top-left is the mask's (0, 0)), with whatever `draw`
    /// puts on the fresh all-zero A8 surface through the context it is given.
    static func draw(area: PixelRect, _ draw: (OpaquePointer) -> Void) throws(VipsError) -> VImage {
        precondition(area.width > 0 && area.height > 0, "a mask needs pixels")
        guard let surface = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(area.width), Int32(area.height)) else {
            throw VipsError(operation: "cairo surface", message: "no surface")
        }
        defer { cairo_surface_destroy(surface) }
        try check(cairo_surface_status(surface), "cairo surface")
        do {
            guard let context = cairo_create(surface) else { throw VipsError(operation: "cairo context", message: "no context") }
            defer { cairo_destroy(context) }
            draw(context)
            try check(cairo_status(context), "cairo draw")
        }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard let data = cairo_image_surface_get_data(surface) else { throw VipsError(operation: "cairo data", message: "no pixels") }
        return try VImage.copying(
            UnsafeRawBufferPointer(start: data, count: stride * area.height),
            width: area.width, height: area.height, bands: 1, stride: stride)
    }

    private static func check(_ status: cairo_status_t, _ operation: String) throws(VipsError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw VipsError(operation: operation, message: String(cString: cairo_status_to_string(status)))
    }
}
