/// SwiftUI's built-in `TextFieldStyle`s on iOS (`.textFieldStyle(_:)`).
public enum TextFieldStyleKind: String, CaseIterable, Sendable, Hashable {
    /// `DefaultTextFieldStyle`: plain on iOS.
    case automatic
    /// `PlainTextFieldStyle`: the text alone, no border.
    case plain
    /// `RoundedBorderTextFieldStyle`: a white rounded rectangle with a thin grey border.
    case roundedBorder
}

/// A `TextField`: its title (the prompt shown while the text is empty), the text, and the style and
/// text environment it draws with. A rendered field has no focus, cursor or editing; it shows its
/// text, else its prompt in the placeholder colour. Layout and drawing go through `body`.
public struct TextFieldView: Sendable, Hashable {
    /// The title, shown as the prompt while `text` is empty.
    public var title: String
    /// The bound text: a template parameter's value, a `.constant("…")`, or empty for unbound state.
    public var text: String
    /// `textFieldStyle(_:)` on the field or an enclosing view; `nil` inherits, `.automatic` at the root.
    public var style: TextFieldStyleKind?
    /// `font`, `foregroundStyle`, `multilineTextAlignment`… set on the field or around it.
    public var environment: TextEnvironment

    /// A field titled `title` showing `text`.
    public init(title: String, text: String, style: TextFieldStyleKind? = nil, environment: TextEnvironment = TextEnvironment()) {
        self.title = title
        self.text = text
        self.style = style
        self.environment = environment
    }

    /// The style drawn: its own, else `.automatic` (plain on iOS).
    public var resolvedStyle: TextFieldStyleKind { style ?? .automatic }

    /// This field with every unset text setting taken from `outer`.
    public func inheriting(_ outer: TextEnvironment) -> TextFieldView {
        var copy = self
        copy.environment = TextEnvironment(
            attributes: environment.attributes.inheriting(outer.attributes), paragraph: environment.paragraph.inheriting(outer.paragraph))
        return copy
    }
}
