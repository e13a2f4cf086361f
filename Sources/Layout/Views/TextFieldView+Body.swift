/// What a `TextField` draws, as plain views (iOS, light appearance). The views spec's stand-in
/// (§9.2) fixes the geometry of the rounded-border field: **flexible width, 34 pt high** at `.body`
/// (a `UITextField` rounded rect); a larger or smaller font changes the height by its line height's
/// difference from `.body`'s. The field takes any proposed width; its ideal width is its text's.
///
/// - `.roundedBorder`: a white rounded rectangle (`cornerRadius`, circular corners) with a
///   `borderWidth` border in `borderColor`, the text `textInset` in from the leading edge,
///   vertically centred, on one line.
/// - `.automatic`, `.plain`: the text alone on one line, taking the proposed width.
///
/// The shown text is `text`, else the title in `placeholderColor` (UIKit's `placeholderText`, the
/// tertiary label colour).
extension TextFieldView {
    /// The rounded-border field's height at `.body`, points (views spec §9.2).
    public static let roundedBorderHeight = 34.0
    /// Corner radius of the rounded border, points (`UITextField.BorderStyle.roundedRect`).
    public static let cornerRadius = 5.0
    /// The border's width, points.
    public static let borderWidth = 1.0
    /// The border's colour: UIKit's `opaqueSeparator` in the light appearance (198, 198, 200).
    public static let borderColor = RGBAColor(bytes: 198, 198, 200)
    /// The field's fill: white (`systemBackground`).
    public static let fillColor = RGBAColor(bytes: 255, 255, 255)
    /// The prompt's colour: UIKit's `placeholderText`, which is the tertiary label colour, (60, 60, 67) at 30 %.
    public static let placeholderColor = NamedColors.color(named: "tertiary")!
    /// Distance from the border to the text on the leading and trailing sides, points.
    public static let textInset = 7.0

    /// The `Text` the field shows: its text, else the title in the placeholder colour; one line.
    public var shownText: TextView {
        var shown = TextView(text.isEmpty ? title : text)
        if text.isEmpty { shown.runs[0].attributes.color = Self.placeholderColor }
        shown = shown.inheriting(environment)
        shown.paragraph.lineLimit = LineLimit(max: 1)
        return shown
    }

    /// The field as the plain views it draws.
    public var body: ViewNode {
        let alignment: Alignment =
            switch environment.paragraph.resolvedAlignment {
            case .leading: .leading
            case .center: .center
            case .trailing: .trailing
            }
        guard resolvedStyle == .roundedBorder else {
            return .flexFrame(.text(shownText), FlexFrame(width: FlexAxis(max: .infinity), height: FlexAxis(), alignment: alignment))
        }
        let corner = ShapeKind.roundedRectangle(cornerSize: Size(width: Self.cornerRadius, height: Self.cornerRadius), style: .circular)
        let bodyLine = TextMetrics.sanFrancisco(pointSize: Font.body.pointSize).lineHeight
        let line = TextMetrics.sanFrancisco(pointSize: (environment.attributes.font ?? .body).pointSize).lineHeight
        return .frame(
            .zStack(
                alignment: alignment,
                children: [
                    .shapeView(ShapeView(kind: corner, paint: .color(Self.fillColor))),
                    .shapeView(ShapeView(kind: corner, paint: .color(Self.borderColor), drawing: .strokeBorder(lineWidth: Self.borderWidth))),
                    .padding(.text(shownText), EdgeInsets(leading: Self.textInset, trailing: Self.textInset)),
                ]),
            width: nil, height: Self.roundedBorderHeight + line - bodyLine, alignment: .center)
    }
}
