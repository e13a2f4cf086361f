import Layout

extension ColorRenderingMode {
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
