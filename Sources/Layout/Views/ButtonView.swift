/// SwiftUI's built-in `ButtonStyle`s on iOS (`.buttonStyle(_:)`).
public enum ButtonStyleKind: String, CaseIterable, Sendable, Hashable {
    /// `DefaultButtonStyle`: borderless on iOS outside lists and toolbars.
    case automatic
    /// `PlainButtonStyle`: the label as written, not tinted.
    case plain
    /// `BorderlessButtonStyle`: the label tinted with the accent colour.
    case borderless
    /// `BorderedButtonStyle`: the tinted label on a translucent tinted rounded rectangle.
    case bordered
    /// `BorderedProminentButtonStyle`: a white label on the solid tint.
    case borderedProminent
}

/// A `Button`: its label, and the style and tint it draws with. A rendered button is never pressed,
/// so the action is not kept; the button draws as it looks at rest. Layout and drawing go through
/// `body`, a tree of plain views (views spec §9.2 leaves controls to stand-ins; see `body` for the
/// numbers chosen).
public struct ButtonView: Sendable, Hashable {
    /// The label view (`label:` closure, or `Text(title)` for `Button("Title", action:)`).
    public var label: ViewNode
    /// `buttonStyle(_:)` on the button or an enclosing view; `nil` inherits, `.automatic` at the root.
    public var style: ButtonStyleKind?
    /// `tint(_:)` on the button or an enclosing view; `nil` is the accent colour.
    public var tint: RGBAColor?

    /// A button showing `label`.
    public init(label: ViewNode, style: ButtonStyleKind? = nil, tint: RGBAColor? = nil) {
        self.label = label
        self.style = style
        self.tint = tint
    }

    /// SwiftUI's default accent colour on iOS: `Color.blue` (systemBlue, 0/122/255, light appearance).
    public static let accent = NamedColors.color(named: "blue")!

    /// The style drawn: its own, else `.automatic`.
    public var resolvedStyle: ButtonStyleKind { style ?? .automatic }

    /// The colour the label is tinted with and the bordered styles fill with.
    public var resolvedTint: RGBAColor { tint ?? Self.accent }
}
