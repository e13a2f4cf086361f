import CCairo
import Layout
import Vips

/// Draws a trusted SVG icon into a coverage mask with librsvg on cairo: the same one-band form as
/// shapes and text (`CairoMask`), coloured afterwards by libvips. The icons paint in
/// `currentColor`, which an A8 surface keeps only as coverage, so any tint applies exactly.
///
/// A librsvg handle is not safe to share between threads, so each draw parses its own from the
/// cached bytes (an icon is about 1 KB; parsing costs less than drawing).
enum SymbolRasterizer {
    /// The coverage of `svg` over the canvas pixels `area`, its document mapped onto `rect` (canvas
    /// pixels): stretched to fill it when `stretched`, else fitted and centred (SVG's default
    /// `xMidYMid meet`).
    static func mask(_ svg: [UInt8], in rect: Rect, stretched: Bool, area: PixelRect) throws(VipsError) -> VImage {
        var failure: String?
        let mask = try CairoMask.draw(area: area) { context in
            failure = draw(svg, in: rect, stretched: stretched, origin: area, context: context)
        }
        if let failure { throw VipsError(operation: "rsvg draw", message: failure) }
        return mask
    }

    /// Draws `svg` onto `context` (the PDF writer uses it too, with `origin` at (0, 0)) and returns
    /// librsvg's error message, or `nil` when it drew.
    static func draw(_ svg: [UInt8], in rect: Rect, stretched: Bool, origin: PixelRect, context: OpaquePointer) -> String? {
        var error: UnsafeMutablePointer<GError>?
        defer { if let error { g_error_free(error) } }
        let handle = svg.withUnsafeBufferPointer { rsvg_handle_new_from_data($0.baseAddress, gsize($0.count), &error) }
        guard let handle else { return message(error, "cannot parse the icon") }
        defer { g_object_unref(UnsafeMutableRawPointer(handle)) }
        cairo_translate(context, -Double(origin.x), -Double(origin.y))
        var viewport = RsvgRectangle(x: rect.x, y: rect.y, width: rect.width, height: rect.height)
        if stretched {
            // A square view box fills a unit viewport exactly; the context's unequal scale then
            // stretches it over the rect, as SwiftUI does with a resizable symbol (views spec §8.1).
            cairo_translate(context, rect.x, rect.y)
            cairo_scale(context, rect.width, rect.height)
            viewport = RsvgRectangle(x: 0, y: 0, width: 1, height: 1)
        }
        guard rsvg_handle_render_document(handle, context, &viewport, &error) != 0 else {
            return message(error, "cannot draw the icon")
        }
        return nil
    }

    private static func message(_ error: UnsafeMutablePointer<GError>?, _ fallback: String) -> String {
        error.flatMap { $0.pointee.message.map { String(cString: $0) } } ?? fallback
    }
}
