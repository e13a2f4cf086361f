/// `ImageRenderer.colorMode` (`colormode`): the working colour space images are resampled and
/// layers composited in, and the output's depth. Case names are SwiftUI's `ColorRenderingMode`.
public enum ColorRenderingMode: String, CaseIterable, Sendable, Hashable {
    /// sRGB-encoded 8-bit values, as the pipeline always worked; the default.
    case nonLinear
    /// Linear light (libvips scRGB, float): averages of bright and dark pixels keep their energy, so
    /// thin bright lines and fine detail do not darken when reduced; the output is 8-bit sRGB.
    case linear
    /// Linear light like `linear`, written as 16-bit PNG (sRGB-encoded 16 bits per channel).
    case extendedLinear

    /// Whether resampling and compositing happen in linear light.
    public var isLinear: Bool { self != .nonLinear }

    /// Parses the wire spelling, the case name exactly as SwiftUI writes it; a near miss such as
    /// `linear-light` or `extended` gets an error that names the case it probably meant.
    static func parse(_ text: String, param: String) throws(SpecError) -> ColorRenderingMode {
        if let mode = ColorRenderingMode(rawValue: text) { return mode }
        let names = allCases.map { "`\($0.rawValue)`" }.joined(separator: ", ")
        let hint = suggestion(for: text).map { "; did you mean `\($0.rawValue)`?" } ?? ""
        throw .invalidValue(param: param, value: text, expected: "one of \(names) (SwiftUI's ColorRenderingMode\(hint))")
    }

    /// The case a misspelling most likely means (`linear-light` → `linear`, `extended` →
    /// `extendedLinear`, `non_linear` → `nonLinear`), from the shared `Suggestion`.
    static func suggestion(for text: String) -> ColorRenderingMode? {
        Suggestion.nearest(to: text, among: allCases.map(\.rawValue)).flatMap(ColorRenderingMode.init(rawValue:))
    }
}
