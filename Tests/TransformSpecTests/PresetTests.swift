import Layout
import Testing
import TransformSpec

/// Presets: the `presets` setting's text, and a request's `preset=` expanded into the query it
/// stands for, the request's own parameters winning, before the parser and the canonical form.
@Suite("presets")
struct PresetTests {
    static let table = try! PresetTable(
        parsing: """
            thumb: w=300&h=300&mode=fill; small: w=100; retina: scale=2&fmt=png;
            card: w=40&h=20&bg=linear(red,blue;leading,trailing)&pad=1,2,3,4; circle: chain=resizable().frame(width:50,height:50).clipShape(Circle())
            """)

    static func canonical(_ query: String, presets: PresetTable = table) throws -> String {
        try TransformSpec.parse(source: "a.jpg", query: query, presets: presets).canonicalForm
    }

    @Test("the setting: `name: query` entries separated by `;`, a `;` inside a value kept, its text parsing back to the same table")
    func settingText() throws {
        #expect(Self.table.names == ["thumb", "small", "retina", "card", "circle"])
        #expect(Self.table["card"]?.query == "w=40&h=20&bg=linear(red,blue;leading,trailing)&pad=1,2,3,4")
        #expect(Self.table["thumb"]?.pairs.map(\.key) == ["w", "h", "mode"])
        #expect(try PresetTable(parsing: Self.table.text) == Self.table)
        #expect(try PresetTable(parsing: "").isEmpty && PresetTable(parsing: "  ; ").isEmpty)
        #expect(try PresetTable(parsing: "original:; x: w=1;").text == "original:; x: w=1")
        // `%3B` spells a `;` that a word and `:` follow.
        #expect(try PresetTable(parsing: "t: chain=Text(\"a%3Bb: c\")").names == ["t"])
    }

    @Test(
        "a bad preset is refused, naming it",
        arguments: [
            ("Thumb: w=1", PresetError.invalidName("Thumb")),
            ("th umb: w=1", .invalidName("th umb")),
            ("a: w=1; Big: h=2", .invalidName("Big")),
            ("thumb w=1", .malformed("thumb w=1")),
            ("a: w=1; a: h=1", .duplicateName("a")),
            ("a: w=1&sig=x", .reservedKey(preset: "a", key: "sig")),
            ("a: exp=1", .reservedKey(preset: "a", key: "exp")),
            ("a: preset=b", .reservedKey(preset: "a", key: "preset")),
            ("a: dl=1", .reservedKey(preset: "a", key: "dl")),
            ("a: width=3", .invalidQuery(preset: "a", .unknownParameter("width"))),
            ("a: w=1&w=2", .invalidQuery(preset: "a", .duplicateParameter("w"))),
            ("a: w=1&chain=resizable()", .invalidQuery(preset: "a", .chainWithSugar(["w"]))),
        ])
    func refused(_ text: String, _ expected: PresetError) {
        #expect(throws: expected) { try PresetTable(parsing: text) }
    }

    @Test("a bad value names the preset and the parameter")
    func badValue() {
        let error = #expect(throws: PresetError.self) { try PresetTable(parsing: "ok: w=1; broken: mode=cover") }
        let message = error?.description ?? ""
        #expect(message.hasPrefix("preset `broken`: `mode` must be") && message.contains("did you mean `fill`"), "\(message)")
    }

    @Test("limits apply as to a request: a chain longer than limits.chain_length is refused")
    func limits() throws {
        var limits = SpecLimits()
        limits.maxChainLength = 10
        let text = "long: chain=resizable().frame(width:10)"
        #expect(throws: PresetError.self) { try PresetTable(parsing: text, limits: limits) }
        #expect(throws: PresetError.self) { try PresetTable(parsing: text).checked(limits: limits) }
    }

    @Test(
        "preset= is the query it stands for: same canonical form (cache key, ETag)",
        arguments: [
            ("preset=thumb", "w=300&h=300&mode=fill"),
            ("preset=card", "w=40&h=20&bg=linear(red,blue;leading,trailing)&pad=1,2,3,4"),
            ("preset=circle&fmt=png", "chain=resizable().frame(width:50,height:50).clipShape(Circle())&fmt=png"),
        ])
    func sameCanonicalForm(_ preset: String, _ spelled: String) throws {
        #expect(try Self.canonical(preset) == Self.canonical(spelled))
    }

    @Test(
        "explicit parameters win, setting by setting; aliases are one setting",
        arguments: [
            ("preset=thumb&w=200", "w=200&h=300&mode=fill"),
            ("mode=fit&preset=thumb", "w=300&h=300&mode=fit"),
            ("preset=thumb&fmt=webp", "w=300&h=300&mode=fill&fmt=webp"),
            ("preset=retina&dpr=3", "scale=3&fmt=png"),
            ("preset=retina&scale=1", "fmt=png"),
        ])
    func explicitWins(_ query: String, _ spelled: String) throws {
        #expect(try Self.canonical(query) == Self.canonical(spelled))
    }

    @Test("several presets apply left to right, each later one winning, and the query last")
    func severalPresets() throws {
        #expect(try Self.canonical("preset=thumb:small") == Self.canonical("w=100&h=300&mode=fill"))
        #expect(try Self.canonical("preset=small:thumb") == Self.canonical("w=300&h=300&mode=fill"))
        #expect(try Self.canonical("preset=thumb:retina&q=50") == Self.canonical("w=300&h=300&mode=fill&scale=2&fmt=png&q=50"))
        #expect(try Self.canonical("preset=thumb:small&w=7") == Self.canonical("w=7&h=300&mode=fill"))
    }

    @Test("an explicit chain replaces the preset's layout and keeps its renderer options; sugar cannot amend a preset's chain")
    func chainAgainstSugar() throws {
        #expect(try Self.canonical("preset=thumb:retina&chain=resizable()") == Self.canonical("chain=resizable()&scale=2&fmt=png"))
        #expect(try Self.canonical("preset=circle&chain=resizable()") == Self.canonical("chain=resizable()"))
        // A later preset's chain replaces an earlier one's sugar, as a query's would.
        #expect(try Self.canonical("preset=thumb:circle") == Self.canonical("chain=resizable().frame(width:50,height:50).clipShape(Circle())"))
        for query in ["preset=circle&w=10", "preset=circle:small"] {
            let error = #expect(throws: SpecError.self, "\(query)") { try Self.canonical(query) }
            #expect(
                error?.parameter == "preset" && error?.description.contains("preset `circle` sets `chain`") == true, "\(String(describing: error))")
        }
        // Within the query the usual rule holds.
        #expect(throws: SpecError.chainWithSugar(["w"])) { try Self.canonical("preset=thumb&chain=resizable()&w=3") }
    }

    @Test("an unknown preset is a 400-class error listing the defined ones, with a guess")
    func unknownPreset() throws {
        #expect(throws: SpecError.unknownPreset("thum", defined: Self.table.names)) { try Self.canonical("preset=thum") }
        let message = SpecError.unknownPreset("thum", defined: Self.table.names).description
        #expect(message == "unknown preset `thum`; defined presets: thumb, small, retina, card, circle; did you mean `thumb`?")
        #expect(SpecError.unknownPreset("thum", defined: Self.table.names).parameter == "preset")
        // Without presets (the parser alone, or a server that defines none), the message says so.
        #expect(throws: SpecError.unknownPreset("thumb", defined: [])) { try TransformSpec.parse(source: "a.jpg", query: "preset=thumb") }
        #expect(SpecError.unknownPreset("thumb", defined: []).description.contains("defines no presets"))
    }

    @Test("preset= names at least one preset, once", arguments: ["preset=", "preset=thumb:", "preset=:thumb", "preset=thumb::small"])
    func emptyName(_ query: String) {
        #expect(throws: SpecError.self) { try Self.canonical(query) }
        #expect(throws: SpecError.duplicateParameter("preset")) { try Self.canonical("preset=thumb&preset=small") }
    }

    @Test("on a view template a preset gives renderer options only; the query's own win")
    func template() throws {
        let template = try ViewTemplate(name: "card", text: "Text(\"\\(name)\").frame(width: 10, height: 10)", limits: SpecLimits())
        let spec = try template.spec(query: "name=Ana&preset=retina", limits: SpecLimits(), presets: Self.table)
        #expect(spec.scale == 2 && spec.format == .fixed(.png))
        #expect(try spec.canonicalForm == template.spec(query: "name=Ana&scale=2&fmt=png", limits: SpecLimits()).canonicalForm)
        #expect(try template.spec(query: "name=Ana&preset=retina&fmt=jpeg", limits: SpecLimits(), presets: Self.table).format == .fixed(.jpeg))
        let error = #expect(throws: SpecError.self) { try template.spec(query: "name=Ana&preset=thumb", limits: SpecLimits(), presets: Self.table) }
        #expect(error?.parameter == "preset" && error?.description.contains("preset `thumb` sets `w`, which a view template does not take") == true)
        // `preset` is a renderer option, so no template parameter may take the name.
        #expect(throws: TemplateError.self) { try ViewTemplate(name: "p", text: "Text(\"\\(preset)\")", limits: SpecLimits()) }
    }
}
