import CCairo
import CheckedConversion

/// The font families text is drawn with (`TextFont`), checked against what fontconfig has: a
/// deployment that lacks one draws its text in another face without an error, so `imgframe check`
/// asks before it is deployed.
public enum InstalledFonts {
    /// Every family `TextFont` names: the designs, their fallbacks, and the colour emoji face
    /// fontconfig falls back to.
    public static let required = ["Inter", "Inter Display", "DejaVu Serif", "DejaVu Sans Mono"] + TextFont.fallbacks + ["Noto Color Emoji"]

    /// The families of `required` that no installed face provides.
    public static func missing() -> [String] {
        let installed = Set(families())
        return required.filter { !installed.contains($0) }
    }

    /// Every family name fontconfig offers through Pango.
    static func families() -> [String] {
        guard let map = pango_cairo_font_map_get_default() else { return [] }
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &list, &count)
        defer { g_free(list) }
        guard let list else { return [] }
        return (0..<Int(count)).compactMap { index in list[index].flatMap { pango_font_family_get_name($0) }.map { String(cString: $0) } }
    }
}
