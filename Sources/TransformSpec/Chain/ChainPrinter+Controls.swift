import Layout

/// Printing `Button` and `TextField`. A button prints as `Button(action:{},label:{…})` (a titled
/// button's `Text` label too), then `.buttonStyle(.…)` and `.tint(…)` when set on it or handed down
/// to it. A field prints as `TextField("…",text:.constant("…"))` (an unbound `$name` is the empty
/// constant), then `.textFieldStyle(.…)` when set, then the text styling and paragraph settings
/// it holds, in `Text`'s order.
extension ChainPrinter {
    /// `Button(action:{},label:{…})` with the style and tint the button holds.
    func buttonText(_ button: ButtonView) -> String {
        var out = "Button(action:{},label:{\(print(button.label))})"
        if let style = button.style { out += ".buttonStyle(.\(style.rawValue))" }
        if let tint = button.tint { out += ".tint(\(paintText(.color(tint))))" }
        return out
    }

    /// `TextField("…",text:.constant("…"))` with the style and text environment the field holds.
    func textFieldText(_ field: TextFieldView) -> String {
        var out = "TextField(\(quoted(field.title)),text:.constant(\(quoted(field.text))))"
        if let style = field.style { out += ".textFieldStyle(.\(style.rawValue))" }
        return out + attributesText(field.environment.attributes) + paragraphText(field.environment.paragraph)
    }
}
