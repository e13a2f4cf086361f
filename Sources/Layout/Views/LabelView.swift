/// SwiftUI's built-in `LabelStyle`s (`.labelStyle(_:)`).
public enum LabelStyleKind: String, CaseIterable, Sendable, Hashable {
    /// `DefaultLabelStyle`: outside lists, toolbars and menus, the title and the icon.
    case automatic
    /// `TitleAndIconLabelStyle`: the icon, then the title.
    case titleAndIcon
    /// `TitleOnlyLabelStyle`: the title alone.
    case titleOnly
    /// `IconOnlyLabelStyle`: the icon alone.
    case iconOnly
}

/// A `Label`: a title and an icon, drawn in its label style. `Label("Mail", systemImage: "envelope")`
/// is `Label { Text("Mail") } icon: { Image(systemName: "envelope") }`. Layout and drawing go through
/// `body`, plain views.
public struct LabelView: Sendable, Hashable {
    /// The title view (`Text(title)` for the string initializers).
    public var title: ViewNode
    /// The icon view (`Image(systemName:)` or `Image(_:)` for the string initializers).
    public var icon: ViewNode
    /// `labelStyle(_:)` on the label or an enclosing view; `nil` inherits, `.automatic` at the root.
    public var style: LabelStyleKind?

    /// A label showing `title` and `icon`.
    public init(title: ViewNode, icon: ViewNode, style: LabelStyleKind? = nil) {
        self.title = title
        self.icon = icon
        self.style = style
    }

    /// The style drawn: its own, else `.automatic`.
    public var resolvedStyle: LabelStyleKind { style ?? .automatic }

    /// The label as the plain views it draws (iOS, outside lists and toolbars): the title and icon
    /// styles show one part; the others an `HStack` of the icon then the title, centred vertically,
    /// with the stack's default spacing (8 pt between a symbol and a text). Both parts take the font
    /// around the label, so the icon is drawn at the title's font.
    public var body: ViewNode {
        switch resolvedStyle {
        case .titleOnly: title
        case .iconOnly: icon
        case .automatic, .titleAndIcon: .hStack(alignment: .center, spacing: nil, children: [icon, title])
        }
    }
}

extension ViewNode {
    /// This tree with `style` given to every `Label` that has none (the setting nearest a label wins).
    public func inheritingLabelStyle(_ style: LabelStyleKind) -> ViewNode {
        switch self {
        case .label(var label):
            label.style = label.style ?? style
            label.title = label.title.inheritingLabelStyle(style)
            label.icon = label.icon.inheritingLabelStyle(style)
            return .label(label)
        default:
            return mappingChildren { $0.inheritingLabelStyle(style) }
        }
    }

    /// Whether the tree holds a `Label`.
    public var containsLabels: Bool {
        if case .label = self { return true }
        return subviews.contains { $0.containsLabels }
    }
}
