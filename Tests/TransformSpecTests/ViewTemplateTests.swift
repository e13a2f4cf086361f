import Layout
import Testing
import TransformSpec

/// View templates: `\(name)` interpolation, parameters from the query, values as text only, and
/// errors that name the parameter, or the file, line and column.
@Suite("view templates")
struct ViewTemplateTests {
    static let card = """
        // A card: comments and line breaks between children are allowed.
        ZStack {
            Color.blue // the background
            Text("Hello, \\(name)! \\( name ) from \\(place)")
        }
        .frame(width: 160, height: 90)
        """

    static func template(_ text: String, name: String = "card") throws(TemplateError) -> ViewTemplate {
        try ViewTemplate(name: name, text: text, limits: SpecLimits())
    }

    @Test("parameters are the interpolated names, once each, in order")
    func parameters() throws {
        #expect(try Self.template(Self.card).parameters == ["name", "place"])
        #expect(try Self.template("Text(\"plain\")").parameters == [])
    }

    @Test(
        "values are inserted as text after parsing: quotes, parentheses, backslashes, `;`, line breaks and interpolations stay text",
        arguments: ["Ana", "\"); Color.red; Text(\"", "a)b", "\\(place)", "back\\slash", "x;y\nz", "", "Ünï ✓ 👋"])
    func valuesAreText(_ value: String) throws {
        let template = try Self.template("Text(\"<\\(name)>\")")
        let spec = try template.spec(query: "name=" + Self.encoded(value) + "&fmt=png", limits: SpecLimits())
        #expect(spec.view == .text(TextView("<" + value + ">")))
        #expect(spec.format == .fixed(.png))
        // The canonical chain (the cache key's input) reads back to the same view.
        #expect(try TransformSpec.parseChain(spec.canonicalChain, source: "", limits: .unbounded) == spec.view)
    }

    @Test("renderer options apply; a template parameter may not be given twice")
    func rendererOptions() throws {
        let template = try Self.template(Self.card)
        let spec = try template.spec(query: "name=A&place=B&scale=2&pw=300&ph=200&q=70&fmt=jpeg&opaque=1&sig=x", limits: SpecLimits())
        #expect(spec.scale == 2 && spec.proposal == ProposedSize(width: 300, height: 200) && spec.quality == EncoderQuality(all: 70) && spec.isOpaque)
        #expect(spec.source.isEmpty && spec.view.imageRefs.isEmpty)
        #expect(throws: SpecError.duplicateParameter("name")) { try template.spec(query: "name=A&place=B&name=C", limits: SpecLimits()) }
        #expect(throws: SpecError.self) { try template.spec(query: "name=A&place=B&fmt=bmp", limits: SpecLimits()) }
    }

    static let defaulted = """
        // Parameters with defaults, in Swift's syntax; `title` has none.
        let name = "Ana" // the recipient
        let place = "São Paulo, \\\"SP\\\""

        Text("\\(title): \\(name) in \\(place)")
        """

    @Test("`let name = \"value\"` lines declare parameters with defaults; the others stay required")
    func defaults() throws {
        let template = try Self.template(Self.defaulted)
        #expect(template.parameters == ["name", "place", "title"])
        #expect(template.defaults == ["name": "Ana", "place": "São Paulo, \"SP\""])
        let spec = try template.spec(query: "title=Award", limits: SpecLimits())
        #expect(spec.view == .text(TextView("Award: Ana in São Paulo, \"SP\"")))
        // Given, a value wins; the same values spelled out make the same canonical form.
        let given = try template.spec(query: "title=Award&name=Bo", limits: SpecLimits())
        #expect(given.view == .text(TextView("Award: Bo in São Paulo, \"SP\"")))
        let explicit = try template.spec(query: "title=Award&name=Ana&place=S%C3%A3o%20Paulo%2C%20%22SP%22", limits: SpecLimits())
        #expect(explicit.canonicalForm == spec.canonicalForm)
        #expect(throws: SpecError.missingTemplateParameter("title", template: "card")) { try template.spec(query: "", limits: SpecLimits()) }
    }

    @Test(
        "a bad declaration names its line",
        arguments: [
            ("let name = Ana\nText(\"\\(name)\")", 2), ("// c\nlet 1x = \"a\"\nText(\"x\")", 2),
            ("let a = \"x\"\nlet a = \"y\"\nText(\"\\(a)\")", 2), ("let q = \"80\"\nText(\"x\")", 1),
        ])
    func badDeclarations(_ text: String, _ line: Int) throws {
        do {
            _ = try Self.template(text)
            Issue.record("accepted: \(text)")
        } catch .invalid(_, let reported?, _, _) {
            #expect(reported == line, "\(text)")
        }
    }

    @Test("a missing or unknown parameter is an error naming it (and the template's parameters)")
    func parameterErrors() throws {
        let template = try Self.template(Self.card)
        let missing = SpecError.missingTemplateParameter("place", template: "card")
        #expect(throws: missing) { try template.spec(query: "name=A", limits: SpecLimits()) }
        #expect(missing.parameter == "place" && missing.description.contains("`place`"))
        let unknown = SpecError.unknownTemplateParameter("w", template: "card", parameters: ["name", "place"])
        #expect(throws: unknown) { try template.spec(query: "name=A&place=B&w=3", limits: SpecLimits()) }
        #expect(unknown.parameter == "w" && unknown.description.contains("`name`, `place`") && unknown.description.contains("fmt"))
    }

    @Test(
        "broken templates report the file, line and column",
        arguments: [
            ("ZStack {\n    Color.red\n    Text(\"x\").frame(width: )\n}", 3, "card.swift"),
            ("Text(\"\\(1x)\")", 1, "to close the interpolation"),
            ("Text(\"\\(a + )\")", 1, "expected"),
            ("Text(\"\\(q)\")", 1, "renderer option"),
            ("Text(\"\\(a)\").padding(\"\\(b)\")", 1, "padding"),
            (".frame(width: 10)", 1, "expected a view here"),
        ])
    func brokenTemplates(_ text: String, _ line: Int, _ fragment: String) throws {
        do {
            _ = try Self.template(text)
            Issue.record("parsed: \(text)")
        } catch {
            guard case let .invalid(file, errorLine, _, _) = error else { Issue.record("\(error)"); return }
            #expect(file == "card.swift" && errorLine == line)
            #expect(error.description.contains(fragment), "\(error.description)")
        }
    }

    @Test(
        "names are one safe segment",
        arguments: [
            ("award", true), ("og-card", true), ("a_1", true), ("", false), ("..", false),
            ("a/b", false), ("a.swift", false), ("a b", false), ("é", false),
            (String(repeating: "a", count: 65), false),
        ])
    func names(_ name: String, _ valid: Bool) {
        #expect(ViewTemplate.isValidName(name) == valid)
    }

    @Test("outside a template, an interpolation in a chain is a 400-class error that says so; // comments are allowed")
    func chainsHaveNoInterpolation() throws {
        #expect(throws: SpecError.self) { try TransformSpec.parse(source: "a.jpg", query: "chain=" + Self.encoded("Text(\"\\(x)\")")) }
        do {
            _ = try TransformSpec.parse(source: "a.jpg", query: "chain=" + Self.encoded("Text(\"\\(x)\")"))
        } catch {
            #expect(error.description.contains("view templates"))
        }
        let commented = try TransformSpec.parse(source: "a.jpg", query: "chain=" + Self.encoded("Color.red // red\n.frame(width: 16/2)"))
        #expect(commented.canonicalChain == "Color.red.frame(width:8)")
    }

    static func encoded(_ text: String) -> String {
        var out = ""
        for byte in text.utf8 {
            if (0x30...0x39).contains(byte) || (0x41...0x5A).contains(byte) || (0x61...0x7A).contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
        }
        return out
    }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
