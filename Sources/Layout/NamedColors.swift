/// SwiftUI's named system colours with their sRGB values (iOS, light appearance), so a URL can say
/// `bg=blue` and the renderer paints what `Color.blue` shows on a phone.
public enum NamedColors {
    /// Name → colour, in the order SwiftUI's documentation lists them, then the semantic ones.
    public static let all: [(name: String, color: RGBAColor)] = [
        ("black", RGBAColor(bytes: 0, 0, 0)),
        ("blue", RGBAColor(bytes: 0, 122, 255)),
        ("brown", RGBAColor(bytes: 162, 132, 94)),
        ("clear", .clear),
        ("cyan", RGBAColor(bytes: 50, 173, 230)),
        ("gray", RGBAColor(bytes: 142, 142, 147)),
        ("green", RGBAColor(bytes: 52, 199, 89)),
        ("indigo", RGBAColor(bytes: 88, 86, 214)),
        ("mint", RGBAColor(bytes: 0, 199, 190)),
        ("orange", RGBAColor(bytes: 255, 149, 0)),
        ("pink", RGBAColor(bytes: 255, 45, 85)),
        ("purple", RGBAColor(bytes: 175, 82, 222)),
        ("red", RGBAColor(bytes: 255, 59, 48)),
        ("teal", RGBAColor(bytes: 48, 176, 199)),
        ("white", RGBAColor(bytes: 255, 255, 255)),
        ("yellow", RGBAColor(bytes: 255, 204, 0)),
        // The semantic label colours (`.primary` … `.quaternary`, as colours and foreground styles),
        // in the light appearance: UIKit's label, secondaryLabel, tertiaryLabel, quaternaryLabel.
        ("primary", RGBAColor(bytes: 0, 0, 0)),
        ("secondary", RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.6)),
        ("tertiary", RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.3)),
        ("quaternary", RGBAColor(red: 60 / 255, green: 60 / 255, blue: 67 / 255, opacity: 0.18)),
    ]

    /// The colour with this SwiftUI name, if any.
    public static func color(named name: String) -> RGBAColor? {
        all.first { $0.name == name }?.color
    }

    /// The SwiftUI name of exactly this colour, if it has one.
    public static func name(of color: RGBAColor) -> String? {
        all.first { $0.color == color }?.name
    }
}
