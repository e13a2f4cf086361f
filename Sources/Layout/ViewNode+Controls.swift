/// The environment values of controls: `buttonStyle(_:)`, `textFieldStyle(_:)` and `tint(_:)`
/// written on a control or on any view around controls. As with the text environment, each reaches
/// every control inside that did not set it itself (the setting nearest the control wins).
extension ViewNode {
    /// Whether the tree holds a `Button` or a `TextField`.
    public var containsControls: Bool {
        switch self {
        case .button, .textField: true
        default: subviews.contains { $0.containsControls }
        }
    }

    /// This tree with `style` given to every `Button` that has none.
    public func inheritingButtonStyle(_ style: ButtonStyleKind) -> ViewNode {
        switch self {
        case .button(var button):
            button.style = button.style ?? style
            button.label = button.label.inheritingButtonStyle(style)
            return .button(button)
        default:
            return mappingChildren { $0.inheritingButtonStyle(style) }
        }
    }

    /// This tree with `style` given to every `TextField` that has none.
    public func inheritingTextFieldStyle(_ style: TextFieldStyleKind) -> ViewNode {
        switch self {
        case .textField(var field):
            field.style = field.style ?? style
            return .textField(field)
        default:
            return mappingChildren { $0.inheritingTextFieldStyle(style) }
        }
    }

    /// This tree with `tint` given to every `Button` that has none.
    public func inheritingTint(_ tint: RGBAColor) -> ViewNode {
        switch self {
        case .button(var button):
            button.tint = button.tint ?? tint
            button.label = button.label.inheritingTint(tint)
            return .button(button)
        default:
            return mappingChildren { $0.inheritingTint(tint) }
        }
    }
}
