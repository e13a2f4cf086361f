import Layout
import Testing
import TransformSpec

/// Templates as Swift: a folder is a module (structs, functions, `extension View` modifiers and
/// constants seen by every file), parameters typed by what the view reads, control flow and
/// interpolation evaluated, and every bound held. Each template is compared with the chain that
/// writes the same view.
@Suite("template modules")
struct TemplateModuleTests {
    static func module(_ files: [(String, String)]) -> TemplateModule {
        TemplateModule(files: files.map { (name: $0.0, text: $0.1) })
    }

    static func template(_ text: String, name: String = "card", others: [(String, String)] = []) throws(TemplateError) -> ViewTemplate {
        try ViewTemplate(name: name, module: module([(name, text)] + others), limits: SpecLimits())
    }

    static func view(_ text: String, query: String = "", others: [(String, String)] = []) throws -> ViewNode {
        try template(text, others: others).spec(query: query, limits: SpecLimits()).view
    }

    static func chain(_ text: String) throws -> ViewNode {
        try TransformSpec.parseChain(text, source: "")
    }

    @Test("a struct with stored properties is used by name with its memberwise initializer; defaults fill what is not given")
    func structs() throws {
        let text = """
            import SwiftUI

            struct Row: View {
                let name: String
                var count: Int = 2
                var body: some View { Text("\\(name) × \\(count)") }
            }

            struct ContentView: View {
                var body: some View {
                    VStack {
                        Row(name: "a")
                        Row(name: "b", count: 3)
                    }
                }
            }

            #Preview { ContentView() }
            """
        #expect(try Self.view(text) == Self.chain(#"VStack{Text("a × 2");Text("b × 3")}"#))
    }

    @Test("functions returning `some View` and `extension View` modifiers written in SwiftUI")
    func functionsAndModifiers() throws {
        let text = """
            func badge(_ text: String, size: Double) -> some View {
                Text(text).font(.system(size: size))
            }

            extension View {
                func card(_ color: Color = .blue) -> some View {
                    self.padding(8).background(color)
                }
            }

            var body: some View {
                badge("Hi", size: 20).card()
            }
            """
        #expect(try Self.view(text) == Self.chain(#"Text("Hi").font(.system(size:20)).padding(8).background(Color.blue)"#))
    }

    @Test("ForEach over ranges, arrays and `enumerated()`, the element in interpolation, arithmetic and subscripts")
    func forEach() throws {
        let text = """
            let colors: [Color] = [.red, .green, .blue]
            let names = ["Ana", "Bo"]

            var body: some View {
                VStack {
                    HStack {
                        ForEach(0..<3) { Text("C\\($0)").foregroundStyle(colors[$0]) }
                    }
                    ForEach(Array(names.enumerated()), id: \\.offset) { index, name in
                        Text("\\(index + 1). \\(name)")
                    }
                    ForEach(names, id: \\.self) { name in Text(name.uppercased()) }
                }
            }
            """
        let expected = """
            VStack{HStack{Text("C0").foregroundStyle(Color.red);Text("C1").foregroundStyle(Color.green);Text("C2").foregroundStyle(Color.blue)};\
            Text("1. Ana");Text("2. Bo");Text("ANA");Text("BO")}
            """
        #expect(try Self.view(text) == Self.chain(expected))
    }

    @Test("`if`/`else` and `switch` on parameters; `@State` properties with defaults are parameters")
    func controlFlow() throws {
        let text = """
            struct Badge: View {
                @State private var style: String = "bold"
                @State private var count = 1

                var body: some View {
                    if style == "bold" {
                        Text("B").bold()
                    } else {
                        switch count {
                        case 0: Text("none")
                        case 1, 2: Text("few")
                        default: Text("\\(count)")
                        }
                    }
                }
            }
            """
        let template = try Self.template(text, name: "Badge")
        #expect(template.parameters == ["style", "count"])
        #expect(template.kinds["count"] == .number && template.kinds["style"] == .text)
        func view(_ query: String) throws -> ViewNode { try template.spec(query: query, limits: SpecLimits()).view }
        #expect(try view("") == Self.chain(#"Text("B").bold()"#))
        #expect(try view("style=plain&count=0") == Self.chain(#"Text("none")"#))
        #expect(try view("style=plain&count=2") == Self.chain(#"Text("few")"#))
        #expect(try view("style=plain&count=7") == Self.chain(#"Text("7")"#))
        #expect(throws: SpecError.self) { try view("count=seven") }
    }

    @Test("string interpolation of any expression the evaluator knows")
    func interpolation() throws {
        let text = #"""
            let count = 4
            let unit = 2.5
            var body: some View {
                Text("\(count + 1) items\("\n")\(Double(count) * unit) kg, \(count > 3 ? "many" : "few")")
            }
            """#
        #expect(try Self.view(text) == Self.chain(#"Text("5 items\n10.0 kg, many")"#))
    }

    @Test("views as modifier arguments, several views in one builder (a ZStack), two views at the top of a body (a VStack)")
    func builders() throws {
        let text = """
            var body: some View {
                Text("A")
                    .overlay(Text("B"), alignment: .bottom)
                    .background { Circle(); Rectangle() }
                Text("second")
            }
            """
        let expected = #"VStack{Text("A").overlay(alignment:.bottom){Text("B")}.background{ZStack{Circle();Rectangle()}};Text("second")}"#
        #expect(try Self.view(text) == Self.chain(expected))
    }

    @Test("a model the folder does not declare: each property read is a parameter (`message.content`); a `Color` property is a colour parameter")
    func models() throws {
        let text = """
            struct MessageRow: View {
                let message: Message
                var tint: Color = .yellow

                var body: some View {
                    HStack {
                        Circle().fill(tint)
                        Text(message.content)
                    }
                }
            }
            """
        let template = try Self.template(text, name: "MessageRow")
        #expect(template.parameters == ["tint", "message.content"])
        #expect(template.kinds["tint"] == .color && template.defaults["tint"] == nil)
        let spec = try template.spec(query: "message.content=Hi&tint=%23ff8800", limits: SpecLimits())
        #expect(spec.view == (try Self.chain(##"HStack{Circle().fill(Color(hex:"#ff8800"));Text("Hi")}"##)))
        #expect(throws: SpecError.self) { try template.spec(query: "message.content=Hi&tint=bluish", limits: SpecLimits()) }
    }

    @Test("names the module does not define are parameters typed by use: a date shows as `Date.formatted()` does, per `locale`")
    func datesAndLocales() throws {
        let text = """
            func createAwardView(forUser: String, date: Date) -> some View {
                VStack {
                    Text(forUser)
                    Text(date.formatted())
                }
            }
            var body: some View { createAwardView(forUser: playerName, date: achievementDate) }
            """
        let template = try Self.template(text)
        #expect(template.parameters == ["playerName", "achievementDate"])
        #expect(template.kinds["achievementDate"] == .date)
        let us = try template.spec(query: "playerName=Ana&achievementDate=2026-11-27T22:15:00Z", limits: SpecLimits()).view
        #expect(us == (try Self.chain("VStack{Text(\"Ana\");Text(\"11/27/2026, 10:15\u{202F}PM\")}")))
        let de = try template.spec(query: "playerName=Ana&achievementDate=2026-11-27T22:15&locale=de_DE", limits: SpecLimits()).view
        #expect(de == (try Self.chain(#"VStack{Text("Ana");Text("27.11.2026, 22:15")}"#)))
        #expect(throws: SpecError.self) { try template.spec(query: "playerName=Ana&achievementDate=yesterday", limits: SpecLimits()) }
        #expect(throws: SpecError.self) { try template.spec(query: "playerName=Ana&achievementDate=2026-11-27&locale=xx_XX", limits: SpecLimits()) }
    }

    @Test("a name other files declare: used when they agree, an error naming the files when they differ; a file's own comes first")
    func sharedNames() throws {
        let star = "struct Star: View { var body: some View { Circle() } }"
        let square = "struct Star: View { var body: some View { Rectangle() } }"
        #expect(try Self.view("Star()", others: [("a", star), ("b", star)]) == Self.chain("Circle()"))
        #expect(
            try Self.view(
                "struct Star: View { var body: some View { Capsule() } }\nvar body: some View { Star() }", others: [("a", star), ("b", square)])
                == Self.chain("Capsule()"))
        do {
            _ = try Self.template("Star()", others: [("a", star), ("b", square)])
            Issue.record("an ambiguous name was accepted")
        } catch {
            #expect(error.description.contains("a.swift, b.swift"))
            #expect(error.description.contains("`card.swift` line 1, column 1"))
        }
    }

    @Test(
        "a file's root: its `var body`, else the struct named like the file, else the one `#Preview` shows, else its only struct, or the first no other uses"
    )
    func roots() throws {
        let views = "struct A: View { var body: some View { Circle() } }\nstruct B: View { var body: some View { Capsule() } }\n"
        #expect(try Self.template(views + "#Preview { B() }").spec(query: "", limits: SpecLimits()).view == Self.chain("Capsule()"))
        #expect(try Self.template(views, name: "A").spec(query: "", limits: SpecLimits()).view == Self.chain("Circle()"))
        #expect(try Self.view("struct Only: View { var body: some View { Ellipse() } }") == Self.chain("Ellipse()"))
        #expect(try Self.template(views).spec(query: "", limits: SpecLimits()).view == Self.chain("Circle()"))
        #expect(throws: TemplateError.self) {
            try Self.template("struct A: View { var body: some View { B() } }\nstruct B: View { var body: some View { A() } }")
        }
    }

    @Test("what a still picture ignores is accepted and ignored; an unknown modifier is an error with a suggestion")
    func stillPicture() throws {
        let text = """
            var body: some View {
                Button("Sign in") { print("tapped"); counter += 1 }
                    .disableAutocorrection(true)
                    .onAppear { load() }
                    .accessibilityLabel("Sign in")
            }
            """
        #expect(try Self.view(text) == Self.chain(#"Button("Sign in", action: {})"#))
        do {
            _ = try Self.template("Text(\"a\").bolder()")
            Issue.record("an unknown modifier was accepted")
        } catch {
            #expect(error.description.contains("bold"))
        }
    }

    @Test(
        "recursion, loops and sizes are bounded: an error, never a crash or a hang",
        arguments: [
            "struct Loop: View { var body: some View { Loop() } }",
            "func f() -> some View { f() }\nvar body: some View { f() }",
            "var body: some View { VStack { ForEach(0..<1000000) { Text(\"\\($0)\") } } }",
            "let a = b\nlet b = a\nvar body: some View { Text(a) }",
            "var body: some View { Text(String(repeating: \"ab\", count: 100000000)) }",
            "var body: some View { Text(\"\\(Int.max + 1)\") }",
        ])
    func bounded(_ text: String) {
        #expect(throws: TemplateError.self) { try Self.template(text) }
    }
}
