import CCairo
import CheckedConversion
import Layout
import Vips

/// Drawing with cairo into libvips images: one-band coverage masks (0 outside, 255 fully covered),
/// the form shapes are drawn in before libvips colours them, and straight-alpha RGBA images for
/// what carries its own colours (text runs, colour emoji). The surface, its checks and the copy
/// into libvips live here once.
enum CairoMask {
    /// A mask over the canvas pixels `area` (its top-left is the mask's (0, 0)), with whatever `draw`
    /// puts on the fresh all-zero A8 surface through the context it is given.
    static func draw(area: PixelRect, _ draw: (OpaquePointer) -> Void) throws(VipsError) -> VImage {
        try render(area: area, format: CAIRO_FORMAT_A8, draw) { data, stride throws(VipsError) in
            try VImage.copying(
                UnsafeRawBufferPointer(start: data, count: stride * area.height),
                width: area.width, height: area.height, bands: 1, stride: stride)
        }
    }

    /// An 8-bit sRGB RGBA image (straight alpha) over the canvas pixels `area`, with whatever `draw`
    /// puts on a fresh transparent ARGB surface.
    static func drawColor(area: PixelRect, _ draw: (OpaquePointer) -> Void) throws(VipsError) -> VImage {
        try render(area: area, format: CAIRO_FORMAT_ARGB32, draw) { data, stride throws(VipsError) in
            try VImage.fromCairoARGB(data, width: area.width, height: area.height, stride: stride)
        }
    }

    /// Makes a zeroed `format` surface of `area`'s size, lets `draw` paint it, and hands its pixels
    /// (first byte, row stride) to `copy`.
    private static func render(
        area: PixelRect, format: cairo_format_t, _ draw: (OpaquePointer) -> Void,
        copy: (UnsafeMutablePointer<UInt8>, Int) throws(VipsError) -> VImage
    ) throws(VipsError) -> VImage {
        precondition(area.width > 0 && area.height > 0, "a surface needs pixels")
        guard let surface = cairo_image_surface_create(format, Int32(area.width), Int32(area.height)) else {
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
        guard let data = cairo_image_surface_get_data(surface) else { throw VipsError(operation: "cairo data", message: "no pixels") }
        return try copy(data, Int(cairo_image_surface_get_stride(surface)))
    }

    private static func check(_ status: cairo_status_t, _ operation: String) throws(VipsError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw VipsError(operation: operation, message: String(cString: cairo_status_to_string(status)))
    }
}
