import Layout

/// `Button` and `TextField`, and the control environment modifiers `buttonStyle`, `textFieldStyle`
/// and `tint`. A rendered control is never pressed or edited: a Button's action must be empty
/// (`action: {}`), and a TextField shows its bound text (a template parameter through `$name`,
/// `.constant("…")`, or empty for a chain's unbound `$name`) or else its title as the prompt.
extension ChainBuilder {
    /// Modifiers that set a control's style or tint, on the control or on any view around controls.
    static let controlModifiers = ["buttonStyle", "textFieldStyle", "tint"]

    /// `Button(action: {}, label: { … })`, `Button(action: {}) { … }`, `Button {} label: { … }`,
    /// `Button("Title", action: {})`, `Button("Title") {}`.
    mutating func buttonLeaf(_ arguments: [Argument], at offset: Int) throws(SpecError) -> Partial {
        let titled = arguments.first.map { $0.label == nil } ?? false
        let signature: [ArgumentList.Parameter] =
            titled
            ? [.init(label: nil, optional: false), .init(label: "action", optional: false)]
            : [.init(label: "action", optional: false), .init(label: "label", optional: false)]
        let args = try ArgumentList(arguments, signature: signature, call: "Button", param: param, offset: offset)
        let action = args["action"]!
        guard case .closure(nil) = action.kind else {
            throw values.fail(action, "a Button's action must be an empty closure, action: {} (a rendered button is never pressed)")
        }
        if titled { return .view(.button(ButtonView(label: .text(TextView(try values.string(args[nil]!, "a Button's title")))))) }
        let label = args["label"]!
        guard case .closure(let content) = label.kind, let content else {
            throw values.fail(label, "a Button's label is a closure holding one view, e.g. label: { Image(systemName: \"star\") }")
        }
        return .view(.button(ButtonView(label: try build(content))))
    }

    /// `TextField("Title", text: $name)`, `text: .constant("Ana")` or `text: "Ana"`.
    func textFieldLeaf(_ arguments: [Argument], at offset: Int) throws(SpecError) -> Partial {
        let args = try ArgumentList(
            arguments, signature: [.init(label: nil, optional: false), .init(label: "text", optional: false)],
            call: "TextField", param: param, offset: offset)
        let title = try values.string(args[nil]!, "a TextField's title")
        return .view(.textField(TextFieldView(title: title, text: try boundText(args["text"]!))))
    }

    /// The text a binding shows: a `$name` a template did not fill is state with no value yet (`""`).
    private func boundText(_ e: Expression) throws(SpecError) -> String {
        switch e.kind {
        case .binding:
            return ""
        case .string(let text):
            return text
        case .memberCall("constant", let arguments):
            let args = try ArgumentList(arguments, signature: [.init(label: nil, optional: false)], call: "constant", param: param, offset: e.offset)
            return try values.string(args[nil]!, "the constant text")
        default:
            throw values.fail(e, "text must be a binding: $name (a template parameter), .constant(\"…\") or a string")
        }
    }

    /// `buttonStyle(.bordered)`, `textFieldStyle(.roundedBorder)`, `tint(.red)` applied to `partial`;
    /// `nil` for every other modifier. Each reaches the controls inside that did not set it; on a
    /// view with no controls it changes nothing (SwiftUI keeps it in the environment unused).
    func controlModifier(_ m: ModifierSyntax, _ partial: Partial) throws(SpecError) -> Partial? {
        guard Self.controlModifiers.contains(m.name) else { return nil }
        let value = try arguments(m, [.init(label: nil, optional: false)])[nil]!
        let node = partial.node
        let styled: ViewNode
        switch m.name {
        case "buttonStyle":
            styled = node.inheritingButtonStyle(try values.enumCase(value, ButtonStyleKind.self, "buttonStyle"))
        case "textFieldStyle":
            styled = node.inheritingTextFieldStyle(try values.enumCase(value, TextFieldStyleKind.self, "textFieldStyle"))
        default:
            styled = node.inheritingTint(try values.color(value))
        }
        return node.containsControls ? .view(styled) : partial
    }
}
