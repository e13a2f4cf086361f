import CCairo
import CheckedConversion
import Layout
import Vips
#if canImport(Glibc)
    import Glibc
#endif

/// Bitmaps handed to cairo: an owned `cairo_surface_t` made from libvips pixels (opaque RGB, or
/// premultiplied ARGB when the image has alpha), or an unpainted surface standing for JPEG bytes
/// that cairo's PDF backend embeds unchanged (`CAIRO_MIME_TYPE_JPEG`). Destroyed with this object.
final class CairoImage {
    let surface: OpaquePointer
    let width: Int, height: Int

    private init(surface: OpaquePointer, width: Int, height: Int) {
        self.surface = surface
        self.width = width
        self.height = height
    }

    deinit { cairo_surface_destroy(surface) }

    /// The pixels of `image` (computed now; `deadline` stops libvips), 8-bit sRGB with 3 or 4 bands.
    convenience init(_ image: VImage, deadline: Deadline) throws(VipsError) {
        var image = image
        if image.bands != 3 && image.bands != 4 { image = try image.srgb() }
        let source = image
        let pixels = try Watchdog.run(cancelling: source, after: deadline.remaining) { () throws(VipsError) in try source.pixels() }
        let (width, height, bands) = (image.width, image.height, image.bands)
        let surface = try Self.blank(width: width, height: height, alpha: bands == 4)
        cairo_surface_flush(surface)
        let data = cairo_image_surface_get_data(surface)!
        let stride = Int(cairo_image_surface_get_stride(surface))
        // Cairo's pixels are native-endian premultiplied ARGB words: B, G, R, A bytes here.
        for y in 0..<height {
            let row = data.advanced(by: y * stride)
            for x in 0..<width {
                let i = (y * width + x) * bands
                let alpha = bands == 4 ? Int(pixels[i + 3]) : 255
                row[4 * x] = UInt8((Int(pixels[i + 2]) * alpha + 127) / 255)
                row[4 * x + 1] = UInt8((Int(pixels[i + 1]) * alpha + 127) / 255)
                row[4 * x + 2] = UInt8((Int(pixels[i]) * alpha + 127) / 255)
                row[4 * x + 3] = UInt8(alpha)
            }
        }
        cairo_surface_mark_dirty(surface)
        self.init(surface: surface, width: width, height: height)
    }

    /// A `width`×`height` surface whose PDF form is `jpeg`, byte for byte (baseline or progressive,
    /// greyscale or RGB without a colour profile). Its own pixels are never painted: a PDF surface
    /// reads only the attached data, and an opaque format keeps cairo from treating it as clear.
    convenience init(jpeg: [UInt8], width: Int, height: Int) throws(VipsError) {
        let surface = try Self.blank(width: width, height: height, alpha: false)
        let copy = malloc(jpeg.count)!
        jpeg.withUnsafeBytes { copy.copyMemory(from: $0.baseAddress!, byteCount: jpeg.count) }
        let status = cairo_surface_set_mime_data(
            surface, CAIRO_MIME_TYPE_JPEG, copy.assumingMemoryBound(to: UInt8.self), UInt(jpeg.count),
            { free($0) }, copy)
        guard status == CAIRO_STATUS_SUCCESS else {
            free(copy)
            cairo_surface_destroy(surface)
            throw VipsError(operation: "cairo jpeg data", message: String(cString: cairo_status_to_string(status)))
        }
        self.init(surface: surface, width: width, height: height)
    }

    private static func blank(width: Int, height: Int, alpha: Bool) throws(VipsError) -> OpaquePointer {
        let surface = cairo_image_surface_create(alpha ? CAIRO_FORMAT_ARGB32 : CAIRO_FORMAT_RGB24, Int32(width), Int32(height))!
        let status = cairo_surface_status(surface)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(surface)
            throw VipsError(operation: "cairo image surface", message: String(cString: cairo_status_to_string(status)))
        }
        return surface
    }

    /// Draws the image stretched over `rect` (the context's user space) where `area` is, with
    /// `filter` (`CAIRO_FILTER_NEAREST` keeps pixels sharp, writing `/Interpolate false`).
    func draw(over rect: Rect, showing area: Rect, filter: cairo_filter_t = CAIRO_FILTER_GOOD, in context: OpaquePointer) {
        let pattern = cairo_pattern_create_for_surface(surface)!
        defer { cairo_pattern_destroy(pattern) }
        // The pattern matrix maps user space to image pixels: the inverse of placing the image on `rect`.
        var matrix = cairo_matrix_t()
        cairo_matrix_init_scale(&matrix, Double(width) / rect.width, Double(height) / rect.height)
        cairo_matrix_translate(&matrix, -rect.x, -rect.y)
        cairo_pattern_set_matrix(pattern, &matrix)
        cairo_pattern_set_filter(pattern, filter)
        cairo_set_source(context, pattern)
        cairo_rectangle(context, area.x, area.y, area.width, area.height)
        cairo_fill(context)
    }
}
