/// What a `Button` draws, as plain views (iOS, light appearance, regular control size):
///
/// - `.automatic`, `.borderless`: the label, its unset foreground style the tint; sized as the label.
/// - `.plain`: the label as written (primary, black, unless styled).
/// - `.bordered`: the tinted label padded by `contentInsets` on a continuous rounded rectangle
///   (radius `cornerRadius`) of the tint at `borderedFillOpacity`.
/// - `.borderedProminent`: the same shape in the solid tint, the label white.
///
/// The insets are iOS's for a regular bordered button: a `Text("Button")` at `.body` measures
/// (label + 24) × (20.33 + 14) = 34.33 pt high on a 3x device. Explicit styling on the label
/// (`foregroundStyle` on it or around the button) wins over the tint, as in SwiftUI.
extension ButtonView {
    /// Padding around the label of the bordered styles: 7 pt top and bottom, 12 pt at the sides.
    public static let contentInsets = EdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
    /// Corner radius of the bordered styles' background, points (continuous corners).
    public static let cornerRadius = 6.0
    /// Opacity of the tint behind a `.bordered` button's label.
    public static let borderedFillOpacity = 0.15

    /// The button as the plain views it draws.
    public var body: ViewNode {
        let tint = resolvedTint
        switch resolvedStyle {
        case .plain:
            return label
        case .automatic, .borderless:
            return label.inheritingText(Self.foreground(tint))
        case .bordered, .borderedProminent:
            let prominent = resolvedStyle == .borderedProminent
            var fill = tint
            if !prominent { fill.opacity *= Self.borderedFillOpacity }
            let shape = ShapeView(
                kind: .roundedRectangle(cornerSize: Size(width: Self.cornerRadius, height: Self.cornerRadius), style: .continuous),
                paint: .color(fill))
            let content = label.inheritingText(Self.foreground(prominent ? RGBAColor(bytes: 255, 255, 255) : tint))
            return .background(.padding(content, Self.contentInsets), content: .shapeView(shape), alignment: .center)
        }
    }

    private static func foreground(_ color: RGBAColor) -> TextEnvironment {
        TextEnvironment(attributes: TextAttributes(color: color))
    }
}
