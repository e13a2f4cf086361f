import CCairo
import Synchronization

/// The Pango font map text is shaped with on the calling thread, current with the brand fonts.
///
/// Pango's default cairo font map is per thread (since Pango 1.32.6) and reads fontconfig's fonts
/// once; a map made before `BrandFonts.load` swapped fontconfig's configuration would keep the old
/// list and silently draw a brand family in a fallback face. So each load bumps `generation`, each
/// map is tagged with the generation it was made under, and a thread whose map is older drops it for
/// a new one. The measurer and the drawer both come through here, so they always shape with the same
/// faces, and a map is never shared between threads.
enum FontMap {
    /// Bumped by every change of fontconfig's configuration (`BrandFonts.load`).
    static let generation = Atomic<Int>(0)

    /// The key of the generation tag on a font map (a GObject data key).
    private static let tag = "imgframe.fonts.generation"

    /// The calling thread's default font map, made again if fonts were loaded since it was made.
    static func current() -> UnsafeMutablePointer<PangoFontMap> {
        let wanted = generation.load(ordering: .acquiring)
        var map = pango_cairo_font_map_get_default()!
        if generation(of: map) != wanted {
            // Releases this thread's map (contexts still using it keep their own reference); the next
            // call makes a new one, which reads the current configuration.
            pango_cairo_font_map_set_default(nil)
            map = pango_cairo_font_map_get_default()!
            g_object_set_data(UnsafeMutableRawPointer(map).assumingMemoryBound(to: GObject.self), tag, UnsafeMutableRawPointer(bitPattern: wanted))
        }
        return map
    }

    /// The generation `map` was tagged with: 0 for a map made before any tag (no fonts loaded yet).
    private static func generation(of map: UnsafeMutablePointer<PangoFontMap>) -> Int {
        Int(bitPattern: g_object_get_data(UnsafeMutableRawPointer(map).assumingMemoryBound(to: GObject.self), tag))
    }

    /// A Pango context on `current()` that shapes as every Text is shaped (the caller unrefs it):
    /// gray antialiasing, no hinting and unrounded glyph positions, so glyph outlines, advances and
    /// metrics are exact and the same at every scale.
    static func unhintedContext() -> OpaquePointer {
        let context = pango_font_map_create_context(current())!
        if let options = cairo_font_options_create() {
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            pango_cairo_context_set_font_options(context, options)
            cairo_font_options_destroy(options)
        }
        pango_context_set_round_glyph_positions(context, 0)
        return context
    }
}
