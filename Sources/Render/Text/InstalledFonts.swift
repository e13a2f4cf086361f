import CCairo
import CheckedConversion
import Layout
import Synchronization

/// The font families text is drawn with (`TextFont`), checked against what fontconfig has: a
/// deployment that lacks one draws its text in another face without an error, so `imgframe check`
/// asks before it is deployed. Also the check of the families `Font.custom` names, for the same
/// reason: fontconfig matches an unknown family to some other face instead of failing.
public enum InstalledFonts {
    /// Every family `TextFont` names: the designs, their fallbacks, and the colour emoji face
    /// fontconfig falls back to.
    public static let required = ["Inter", "Inter Display", "DejaVu Serif", "DejaVu Sans Mono"] + TextFont.fallbacks + ["Noto Color Emoji"]

    /// Most family names an unknown-font message lists.
    static let listedInMessages = 16

    /// The families of `required` that no installed face provides.
    public static func missing() -> [String] {
        let installed = Set(families())
        return required.filter { !installed.contains($0) }
    }

    /// Every installed family in the order messages list them: the brand folder's first, then the
    /// designs' own (Inter, Inter Display, DejaVu Serif, DejaVu Sans Mono), then the rest by name.
    public static func available() -> [String] {
        let installed = Set(families())
        let first = BrandFonts.families + required.prefix(4).filter { installed.contains($0) }
        let listed = Set(first)
        return first + installed.filter { !listed.contains($0) }.sorted()
    }

    /// Checks that each of `names` (the families `Font.custom` names) is installed: the brand
    /// folder's or the system's, compared as fontconfig compares family names (ignoring case and
    /// spaces). An unknown one fails the request, listing what is installed.
    public static func check(_ names: Set<String>) throws(RenderError) {
        guard !names.isEmpty else { return }
        let installed = Set(families().map(folded))
        for name in names.sorted() where !installed.contains(folded(name)) {
            let available = available()
            throw .unknownFont(name, available: Array(available.prefix(listedInMessages)), more: max(0, available.count - listedInMessages))
        }
    }

    /// A family name as fontconfig compares it (`FcStrCmpIgnoreBlanksAndCase`): lower case, no spaces.
    static func folded(_ name: String) -> String {
        String(name.lowercased().filter { $0 != " " })
    }

    /// The generic names Pango lists as families (fontconfig's aliases for whatever face it prefers).
    static let genericAliases: Set<String> = ["Sans", "Sans-serif", "Serif", "Monospace", "System-ui", "Cursive", "Fantasy", "Emoji", "Math"]

    /// Every family name fontconfig offers through Pango (brand fonts included), without Pango's
    /// generic aliases (`Sans`, `Monospace`, …), which name no font of their own.
    static func families() -> [String] {
        let map = FontMap.current()
        var list: UnsafeMutablePointer<UnsafeMutablePointer<PangoFontFamily>?>?
        var count: Int32 = 0
        pango_font_map_list_families(map, &list, &count)
        defer { g_free(list) }
        guard let list else { return [] }
        return (0..<Int(count)).compactMap { index in
            guard let family = list[index], let name = pango_font_family_get_name(family).map({ String(cString: $0) }),
                !genericAliases.contains(name)
            else { return nil }
            return name
        }
    }
}
