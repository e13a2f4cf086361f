/// The SF Symbols names `Image(systemName:)` is documented to draw, each with the Bootstrap icon
/// that draws it (views spec §8.2), or how it is composed from installed icons where no single icon
/// depicts it (`SymbolComposite`: `mic.circle`, `heart.circle`, `phone.down`, `hand.wave` and their
/// `.fill`s). Only names drawn as the same thing are listed; others (`leaf`) stay unknown, with the
/// usual "did you mean". `docs/symbols.md` is generated from this list, and a test checks that every
/// name's icon is installed and that the page is up to date.
public enum SymbolCatalog {
    /// Names the dashed rule maps (`cloud.sun` → `cloud-sun`) that are SF Symbols names too, and
    /// `.fill` names whose filled icon exists; the rest come from `SymbolNames.table`.
    static let listed = [
        "arrow.clockwise", "arrow.counterclockwise", "arrow.down", "arrow.left", "arrow.right", "arrow.up",
        "backward.end.fill", "backward.fill", "bag", "bag.fill", "bell", "bell.fill", "bell.slash", "bell.slash.fill",
        "bolt.fill", "bookmark", "bookmark.fill", "bubble.left.fill", "calendar", "camera", "camera.fill", "cart",
        "cart.fill", "chart.bar.fill", "checkmark.circle.fill", "checkmark.square.fill", "chevron.down", "chevron.left",
        "chevron.right", "chevron.up", "clock", "clock.fill", "cloud", "cloud.fill", "cloud.rain", "cloud.rain.fill",
        "cloud.snow", "cloud.snow.fill", "cloud.sun", "cloud.sun.fill", "creditcard.fill", "doc.fill", "doc.text.fill",
        "envelope", "envelope.fill", "envelope.open", "envelope.open.fill", "exclamationmark.circle.fill",
        "exclamationmark.triangle.fill", "eye", "eye.fill", "eye.slash", "eye.slash.fill", "flag", "flag.fill",
        "folder", "folder.fill", "forward.end.fill", "forward.fill", "gear", "gearshape.fill", "globe", "hand.thumbsdown.fill",
        "hand.thumbsup.fill", "heart", "heart.fill", "house", "house.fill", "info.circle", "info.circle.fill", "key",
        "key.fill", "lightbulb", "lightbulb.fill", "link", "location.fill", "lock", "lock.fill", "lock.open.fill", "map", "map.fill",
        "mic", "mic.fill", "mic.slash.fill", "minus.circle.fill", "moon", "moon.fill", "paperclip", "paperplane.fill",
        "pause", "pause.circle", "pause.circle.fill", "pause.fill", "pencil", "person", "person.2.fill", "person.circle",
        "person.fill", "phone.fill", "photo.fill", "pin", "pin.fill", "play", "play.circle",
        "play.circle.fill", "play.fill", "plus", "plus.circle", "plus.circle.fill", "printer", "printer.fill",
        "questionmark.circle.fill", "scissors", "star", "star.fill", "stop", "stop.circle", "stop.circle.fill",
        "stop.fill", "tag", "tag.fill", "trash", "trash.fill", "video.fill", "wifi", "xmark.circle.fill",
    ]

    /// Every SF Symbols name in the catalog, sorted.
    public static let names: [String] = Set(SymbolNames.table.keys).union(listed).union(SymbolComposite.table.keys).sorted()

    /// The Bootstrap icon a name that is not composed draws (its file name without `.svg`).
    public static func icon(for name: String) -> String {
        SymbolNames.iconNames(for: name)[0]
    }

    /// What `name` is drawn from, as Markdown: its icon, or how it is composed.
    public static func source(for name: String) -> String {
        SymbolComposite.table[name]?.summary ?? "`\(icon(for: name))`"
    }

    /// The text of `docs/symbols.md`: every name and its icon, as a Markdown table.
    public static func markdown() -> String {
        var text = """
            # Symbols

            `Image(systemName:)` draws SF Symbols names with Debian's Bootstrap Icons (`bootstrap-icons`,
            SVGs in `/usr/share/bootstrap-icons/svg`). These are the names mapped to an icon that
            depicts the same thing. A name not listed is tried with its dots as dashes
            (`cloud.lightning` draws `cloud-lightning`), so every Bootstrap icon can be drawn; a
            `.fill` name whose filled icon is missing draws the outline. An unknown name is a `400`
            that suggests close names. Names with no faithful icon (`leaf`) are not mapped.

            A few names no single icon depicts are composed when first drawn from the installed
            files, as SF Symbols draws them: `mic.circle` and `heart.circle` put the glyph at 55 %
            inside Bootstrap's `circle`, their `.fill`s cut it out of `circle-fill` (the glyph is
            transparent); `phone.down` is Bootstrap's `telephone` turned to lie flat; `hand.wave`
            is Material Icons' `waving_hand` (`fonts-material-design-icons-iconfont`), as the font
            fills it for `.fill` and as its inner outline otherwise. They are tinted like any icon.

            Generated from `SymbolCatalog`; to update it after changing the table, run
            `IMGFRAME_WRITE_DOCS=1 scripts/platform swift test --filter SymbolCatalogTests`.

            | SF Symbols name | Drawn from |
            |---|---|

            """
        for name in names {
            text += "| `\(name)` | \(source(for: name)) |\n"
        }
        return text
    }
}
