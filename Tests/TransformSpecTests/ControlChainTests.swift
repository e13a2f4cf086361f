import Layout
import LayoutVectorSupport
import Testing
@testable import TransformSpec

/// `Button` and `TextField` in the chain language: the SignInView listings, the spellings each
/// control accepts, the style environment, `$name` bindings and what is refused.
@Suite("chain: Button and TextField")
struct ControlChainTests {
    static func parse(_ text: String) throws(SpecError) -> ViewNode {
        try TransformSpec.parseChain(text, source: "src.jpg")
    }

    static let arrow = ViewNode.symbol(SymbolView(name: "arrow.right.square", font: .textStyle(.title)))
    static let field = ViewNode.textField(TextFieldView(title: "Your name?", text: "", style: .roundedBorder))

    @Test("the four SignInView listings parse, print canonically and parse back to the same view", arguments: SignInListings.all.map(\.text))
    func listings(_ text: String) throws {
        let view = try Self.parse(text)
        let printed = ChainPrinter(source: "src.jpg").print(view)
        #expect(try Self.parse(printed) == view, "\(printed)")
        #expect(printed.contains(#"TextField("Your name?",text:.constant("")).textFieldStyle(.roundedBorder)"#), "\(printed)")
        #expect(printed.contains(#"Button(action:{},label:{Image(systemName:"arrow.right.square").font(.title)})"#), "\(printed)")
    }

    @Test("the background-modifier listing builds the article's tree and prints as one canonical line")
    func backgroundModifierTree() throws {
        let view = try Self.parse(SignInListings.backgroundModifier)
        let gradient = ViewNode.shape(
            .linearGradient(
                LinearGradient(
                    colors: [NamedColors.color(named: "red")!, NamedColors.color(named: "blue")!],
                    startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 1))))
        let row = ViewNode.padding(
            .hStack(alignment: .center, spacing: nil, children: [Self.field, .button(ButtonView(label: Self.arrow))]),
            EdgeInsets(top: 16, leading: 16, bottom: 16, trailing: 16))
        let content = ViewNode.vStack(alignment: .center, spacing: nil, children: [.text(TextView("Welcome", font: .textStyle(.title))), row])
        #expect(view == .background(content, content: gradient, alignment: .center))
        #expect(
            ChainPrinter(source: "src.jpg").print(view) == #"VStack{Text("Welcome").font(.title);HStack{TextField("Your name?",text:.constant(""))"#
                + #".textFieldStyle(.roundedBorder);Button(action:{},label:{Image(systemName:"arrow.right.square").font(.title)})}.padding(16)}"#
                + #".background{LinearGradient(colors:[Color.red,Color.blue],startPoint:.top,endPoint:.bottom)}"#)
    }

    @Test("Button spellings: label argument, trailing label, `label:` trailing closure, title; all print one way")
    func buttonSpellings() throws {
        let label = ViewNode.button(ButtonView(label: Self.arrow))
        for text in [
            #"Button(action: {}, label: { Image(systemName: "arrow.right.square").font(.title) })"#,
            #"Button(action: {}) { Image(systemName: "arrow.right.square").font(.title) }"#,
            "Button {} label: {\n    Image(systemName: \"arrow.right.square\")\n        .font(.title)\n}",
        ] {
            #expect(try Self.parse(text) == label, "\(text)")
        }
        let titled = ViewNode.button(ButtonView(label: .text(TextView("Sign in"))))
        #expect(try Self.parse(#"Button("Sign in", action: {})"#) == titled)
        #expect(try Self.parse(#"Button("Sign in") {}"#) == titled)
        #expect(ChainPrinter(source: "src.jpg").print(titled) == #"Button(action:{},label:{Text("Sign in")})"#)
    }

    @Test("TextField text: an unbound $name is empty, .constant and a literal are the text")
    func textFieldText() throws {
        #expect(try Self.parse(#"TextField("Name", text: $name)"#) == .textField(TextFieldView(title: "Name", text: "")))
        #expect(try Self.parse(#"TextField("Name", text: .constant("Ana"))"#) == .textField(TextFieldView(title: "Name", text: "Ana")))
        #expect(try Self.parse(#"TextField("Name", text: Binding.constant("Ana"))"#) == .textField(TextFieldView(title: "Name", text: "Ana")))
        #expect(try Self.parse(#"TextField("Name", text: "Ana")"#) == .textField(TextFieldView(title: "Name", text: "Ana")))
    }

    @Test("in a template, $name is a parameter: its value is the field's text, printed as a constant")
    func templateBinding() throws {
        let template = try ViewTemplate(name: "signin", text: "let name = \"\"\n" + SignInListings.backgroundModifier, limits: SpecLimits())
        #expect(template.parameters == ["name"] && template.defaults == ["name": ""])
        let filled = try template.spec(query: "name=Ana&pw=390", limits: SpecLimits())
        #expect(filled.canonicalForm.contains(#"TextField("Your name?",text:.constant("Ana"))"#), "\(filled.canonicalForm)")
        let empty = try template.spec(query: "pw=390", limits: SpecLimits())
        #expect(empty.view == (try Self.parse(SignInListings.backgroundModifier)))
        // Without a `let`, the binding's name is a required parameter, as `\(name)` would be.
        let required = try ViewTemplate(name: "field", text: #"TextField("Your name?", text: $who)"#, limits: SpecLimits())
        #expect(required.parameters == ["who"])
        #expect(throws: SpecError.self) { try required.spec(query: "", limits: SpecLimits()) }
    }

    @Test("buttonStyle, textFieldStyle and tint reach the controls inside; the nearest setting wins")
    func environment() throws {
        let view = try Self.parse(
            #"""
            VStack {
                Button("A") {}
                Button("B") {}.buttonStyle(.plain)
                TextField("C", text: $c)
            }
            .buttonStyle(.borderedProminent).tint(.red).textFieldStyle(.roundedBorder)
            """#)
        guard case .vStack(_, _, let children) = view, case .button(let a) = children[0], case .button(let b) = children[1],
            case .textField(let c) = children[2]
        else { Issue.record("\(view)"); return }
        #expect(a.style == .borderedProminent && b.style == .plain && c.style == .roundedBorder)
        #expect(a.tint == NamedColors.color(named: "red") && b.tint == NamedColors.color(named: "red"))
        #expect(try Self.parse(ChainPrinter(source: "src.jpg").print(view)) == view)
        // On a view without controls the setting has nothing to reach, and the view is unchanged.
        #expect(try Self.parse("Color.red.buttonStyle(.bordered).opacity(0.5)") == (try Self.parse("Color.red.opacity(0.5)")))
    }

    @Test("font and foregroundStyle around a TextField reach its text; around a Button, its label")
    func textEnvironment() throws {
        let view = try Self.parse(#"HStack { TextField("Name", text: $n); Button("Go") {} }.font(.title).foregroundStyle(.red)"#)
        guard case .hStack(_, _, let children) = view, case .textField(let field) = children[0], case .button(let button) = children[1] else {
            Issue.record("\(view)"); return
        }
        #expect(field.environment.attributes.font == .textStyle(.title) && field.environment.attributes.color == NamedColors.color(named: "red"))
        #expect(button.label == .text(TextView("Go", font: .textStyle(.title), color: NamedColors.color(named: "red"))))
        #expect(try Self.parse(ChainPrinter(source: "src.jpg").print(view)) == view)
    }

    /// Chain text → (offset, a fragment of the message).
    static let errors: [(String, Int, String)] = [
        (
            #"Button(action: {}) { Text("Go") }.buttonStyle(.link)"#, 46,
            "buttonStyle must be one of .automatic, .plain, .borderless, .bordered, .borderedProminent; got `.link`"
        ),
        (#"TextField("a", text: $a).textFieldStyle(.squareBorder)"#, 40, "textFieldStyle must be one of .automatic, .plain, .roundedBorder"),
        (#"Button(action: {}) { Text("Go") }.buttonStyle(BorderedButtonStyle())"#, 46, "buttonStyle must be one of"),
        (#"Button(action: {}) {}"#, 19, "a Button's label is a closure holding one view"),
        (#"Button(action: { Text("x") }) { Text("Go") }"#, 15, "a Button's action must be an empty closure, action: {}"),
        (#"Button(action: {})"#, 0, "Button needs its `label:` argument"),
        (#"Button("Go", role: .destructive) {}"#, 13, "Button does not take `role:` here"),
        (#"TextField("a")"#, 0, "TextField needs its `text:` argument"),
        (#"TextField("a", text: 3)"#, 21, "text must be a binding: $name (a template parameter), .constant(\"…\") or a string"),
        (#"TextField("a", text: $a, prompt: Text("b"))"#, 25, "TextField does not take `prompt:` here"),
    ]

    @Test("unsupported forms are refused with what to write instead", arguments: errors)
    func error(_ text: String, _ offset: Int, _ fragment: String) {
        #expect {
            _ = try Self.parse(text)
        } throws: { error in
            guard case .argument(_, let at, let message) = error as? SpecError else { return false }
            return at == offset && message.contains(fragment)
        }
    }

    @Test("an action that is code is a syntax error that says why it must be empty")
    func actionCode() {
        #expect {
            _ = try Self.parse(#"Button(action: { print("hi") }) { Text("Go") }"#)
        } throws: { error in
            guard case .syntax(_, let at, let expected, _) = error as? SpecError else { return false }
            return at == 17 && expected.contains("write action: {}")
        }
    }
}
