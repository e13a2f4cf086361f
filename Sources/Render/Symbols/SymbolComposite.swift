import CheckedConversion

/// An SF Symbols name no single installed icon depicts, drawn as an SVG composed at load time from
/// installed icons (views spec §8.2): SF's `X.circle` family from Bootstrap's glyph and circle, the
/// hang-up handset from Bootstrap's telephone turned, and the waving hand from Material Icons. The
/// composed SVG paints in `currentColor` like the icons, so tinting and caching treat it alike.
enum SymbolComposite: Sendable, Hashable {
    /// A Bootstrap glyph at `circleGlyphScale` of the box, centred inside the outline circle
    /// (`circle`): SF's `X.circle`.
    case inCircle(String)
    /// A Bootstrap glyph at `circleGlyphScale`, knocked out of the filled circle (`circle-fill`)
    /// through a mask, so the glyph is transparent: SF's `X.circle.fill`.
    case knockedOut(String)
    /// A Bootstrap glyph turned clockwise by `degrees` about the centre, then scaled by `scale` so
    /// its ends stay inside the box.
    case turned(String, degrees: Int, scale: Double)
    /// A Material Icons glyph (Debian's `fonts-material-design-icons-iconfont`, filled icons only),
    /// by its ligature name and code point: as the font fills it, or `outlined`, as the band of
    /// `outlineWidth` inside its edge.
    case materialIcon(String, codePoint: UInt32, outlined: Bool)

    /// The names drawn by composing, with how.
    static let table: [String: SymbolComposite] = [
        "mic.circle": .inCircle("mic"), "mic.circle.fill": .knockedOut("mic-fill"),
        "heart.circle": .inCircle("heart"), "heart.circle.fill": .knockedOut("heart-fill"),
        // Turned 135° the handset lies flat with its ear and mouth pieces down, as SF's hang-up
        // glyph; its length, the box's diagonal, then needs 3/4 of the size to fit.
        "phone.down": .turned("telephone", degrees: 135, scale: 0.75),
        "phone.down.fill": .turned("telephone-fill", degrees: 135, scale: 0.75),
        "hand.wave": .materialIcon("waving_hand", codePoint: 0xE766, outlined: true),
        "hand.wave.fill": .materialIcon("waving_hand", codePoint: 0xE766, outlined: false),
    ]

    /// The size of the glyph inside a circle, as a share of the circle's box: SF Symbols draws
    /// `X.circle`'s glyph at about 55 %.
    static let circleGlyphScale = 0.55

    /// The width of an outlined font glyph's line, as a share of the em: 1/32, which leaves the
    /// waving hand's fingers open and its thin motion arcs solid.
    static let outlineWidth = 1.0 / 32

    /// The Bootstrap icons it is drawn from (file names without `.svg`).
    var icons: [String] {
        switch self {
        case .inCircle(let glyph): ["circle", glyph]
        case .knockedOut(let glyph): ["circle-fill", glyph]
        case .turned(let glyph, _, _): [glyph]
        case .materialIcon: []
        }
    }

    /// What it is drawn from, as Markdown for `docs/symbols.md`.
    var summary: String {
        let percent = Int(saturating: (Self.circleGlyphScale * 100).rounded())
        switch self {
        case .inCircle(let glyph): return "`\(glyph)` at \(percent) % inside `circle`"
        case .knockedOut(let glyph): return "`\(glyph)` at \(percent) % cut out of `circle-fill`"
        case .turned(let glyph, let degrees, let scale): return "`\(glyph)` turned \(degrees)°, at \(Int(saturating: (scale * 100).rounded())) %"
        case .materialIcon(let name, _, let outlined):
            return "Material Icons `\(name)` (`fonts-material-design-icons-iconfont`)" + (outlined ? ", outlined" : "")
        }
    }
}
