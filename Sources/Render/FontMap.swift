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
}
