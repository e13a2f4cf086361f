import CheckedConversion
import Layout

/// Parses the value of one query parameter into its typed form, with an error that lists what the
/// parameter accepts.
struct SugarValues {
    let query: QueryParameters
    /// The range every number must fall in (`SpecLimits.numbers`); a value outside is refused.
    var numbers = NumberBounds()

    private func value(_ key: String) -> String? { query[key] }

    /// The error names the key as written (`dpr`, not its canonical `scale`). A colour left empty
    /// most likely lost a `#` to the URL's fragment, which clients never send: the hint says so.
    private func invalid(_ key: String, _ expected: String) -> SpecError {
        let text = value(key) ?? ""
        let lostHash = Self.colourKeys.contains(key) && (text.isEmpty || text.hasSuffix(","))
        let hint = lostHash ? " (a `#` in a URL starts its fragment, which is never sent: write `%23ff0000` or just `ff0000`)" : ""
        return .invalidValue(param: query.writtenKey(key), value: text, expected: expected + hint)
    }

    /// Parameters whose values hold colours.
    static let colourKeys: Set<String> = ["bg", "border", "trim"]

    /// `invalid`, with "did you mean" when the value is a near miss of one of `allowed`.
    func invalid(_ key: String, _ expected: String, allowed: [String]) -> SpecError {
        let text = value(key) ?? ""
        guard let suggestion = Suggestion.nearest(to: text, among: allowed) else { return invalid(key, expected) }
        return .invalidChoice(param: query.writtenKey(key), value: text, expected: expected, suggestion: suggestion)
    }

    /// Spellings accepted besides the canonical ones because they are unambiguous: on/off words for
    /// flags (`clip=true` is `clip=1`). Keys are lower case.
    static let flagWords = ["true": "1", "yes": "1", "on": "1", "false": "0", "no": "0", "off": "0"]

    /// A finite size in points, > 0 (`w`, `h`).
    func positive(_ key: String) throws(SpecError) -> Double? {
        guard let text = value(key) else { return nil }
        guard let n = numbers.number(text), n > 0 else {
            throw invalid(key, "a number of points > 0, at most \(NumberText.format(numbers.largestMagnitude))")
        }
        return n
    }

    /// A length ≥ 0 or `inf` (`minw`…, `pw`, `ph`).
    func length(_ key: String) throws(SpecError) -> Double? {
        guard let text = value(key) else { return nil }
        if text == "inf" || text == "infinity" { return .infinity }
        guard let n = numbers.number(text), n >= 0 else {
            throw invalid(key, "a number of points ≥ 0 and at most \(NumberText.format(numbers.largestMagnitude)), or `inf`")
        }
        return n
    }

    /// One of an enum's raw values, or a spelling `accepting` maps to one (looked up in lower case);
    /// anything else is refused with the value it most likely means.
    func choice<T: RawRepresentable & CaseIterable>(
        _ key: String, _ type: T.Type, accepting: [String: String] = [:]
    ) throws(SpecError) -> T? where T.RawValue == String {
        guard let text = value(key) else { return nil }
        guard let value = T(rawValue: text) ?? accepting[text.lowercased()].flatMap(T.init(rawValue:)) else {
            let allowed = T.allCases.map(\.rawValue)
            throw invalid(key, "one of \(allowed.joined(separator: ", "))", allowed: allowed)
        }
        return value
    }

    /// `2`, `1.5`, `16:9` or `16/9`: width over height, > 0.
    func ratio(_ key: String) throws(SpecError) -> Double? {
        guard let text = value(key) else { return nil }
        let parts = Self.parts(text, by: text.contains(":") ? ":" : "/")
        let values = parts.compactMap { numbers.number($0) }
        guard (1...2).contains(parts.count), values.count == parts.count, values.allSatisfy({ $0 > 0 }) else {
            throw invalid(key, "a ratio > 0 such as `2`, `1.5` or `16:9` (each number at most \(NumberText.format(numbers.largestMagnitude)))")
        }
        return values.count == 2 ? values[0] / values[1] : values[0]
    }

    /// `top,leading,bottom,trailing` in points, or one value for all four.
    func insets(_ key: String) throws(SpecError) -> EdgeInsets? {
        guard let text = value(key) else { return nil }
        let parsed = Self.parts(text, by: ",").map { numbers.number($0) }
        guard parsed.count == 1 || parsed.count == 4, let values = parsed as? [Double], values.allSatisfy({ $0 >= 0 }) else {
            throw invalid(
                key,
                "four point values ≥ 0 (each at most \(NumberText.format(numbers.largestMagnitude))) as `top,leading,bottom,trailing` (or one value for all)"
            )
        }
        let v = values.count == 1 ? Array(repeating: values[0], count: 4) : values
        return EdgeInsets(top: v[0], leading: v[1], bottom: v[2], trailing: v[3])
    }

    /// `0`/`1`; also `false`/`true`, `no`/`yes`, `off`/`on` in any case.
    func flag(_ key: String) throws(SpecError) -> Bool? {
        guard let text = value(key) else { return nil }
        switch Self.flagWords[text.lowercased()] ?? text {
        case "0": return false
        case "1": return true
        default: throw invalid(key, "`0` or `1`", allowed: ["0", "1"])
        }
    }

    /// Comma-separated parts with the spaces people type after commas removed.
    private static func parts(_ text: some StringProtocol, by separator: Character) -> [String] {
        text.split(separator: separator, omittingEmptySubsequences: false).map { String($0.trimmingSpaces) }
    }

    /// A colour name, `rrggbb[aa]` (optionally with `#`), or `linear(c1,c2,…[;start,end])`.
    func paint(_ key: String) throws(SpecError) -> Paint? {
        guard let written = value(key) else { return nil }
        let expected =
            "a colour name (\(NamedColors.all.map(\.name).joined(separator: ", "))), `rrggbb[aa]`, "
            + "or `linear(red,blue)` / `linear(red,blue;leading,trailing)`"
        let text = written.trimmingSpaces
        guard text.hasPrefix("linear(") else {
            guard let color = Self.color(text) else { throw invalid(key, expected) }
            return .color(color)
        }
        guard text.hasSuffix(")") else { throw invalid(key, expected) }
        let body = text.dropFirst("linear(".count).dropLast()
        let sections = Self.parts(body, by: ";")
        let colors = Self.parts(sections[0], by: ",").map { Self.color($0) }
        guard sections.count <= 2, colors.count >= 2, let stops = colors as? [RGBAColor] else { throw invalid(key, expected) }
        // Without a direction, top to bottom, as CSS `linear-gradient` does.
        var points = (UnitPoint(x: 0.5, y: 0), UnitPoint(x: 0.5, y: 1))
        if sections.count == 2 {
            let names = Self.parts(sections[1], by: ",").map { Alignment(rawValue: $0) }
            guard names.count == 2, let start = names[0], let end = names[1] else {
                throw invalid(
                    key, "`linear(colours;start,end)` with start and end among \(Alignment.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            points = (
                UnitPoint(x: start.horizontalFraction, y: start.verticalFraction), UnitPoint(x: end.horizontalFraction, y: end.verticalFraction)
            )
        }
        return .linearGradient(LinearGradient(colors: stops, startPoint: points.0, endPoint: points.1))
    }

    /// A colour name, `transparent` (CSS's word for `clear`), or hex as `ColorText.hex` reads it.
    static func color(_ text: String) -> RGBAColor? {
        NamedColors.color(named: text) ?? (text.lowercased() == "transparent" ? .clear : nil) ?? ColorText.hex(text)
    }

    /// `colour` or `colour,width` for `border`.
    func border(_ key: String) throws(SpecError) -> (RGBAColor, Double)? {
        guard let text = value(key) else { return nil }
        let parts = Self.parts(text, by: ",")
        let width = parts.count == 2 ? numbers.number(parts[1]) : 1
        guard parts.count <= 2, let color = Self.color(parts[0]), let width, width >= 0 else {
            throw invalid(
                key, "a colour, optionally with a width in points (at most \(NumberText.format(numbers.largestMagnitude))): `blue` or `blue,2`")
        }
        return (color, width)
    }

    /// `attention`, `entropy` or `x,y` in fractions of the image (0–1 each, from the top-left).
    func focus(_ key: String) throws(SpecError) -> ImageFocus? {
        guard let text = value(key) else { return nil }
        if let strategy = ContentFocus(rawValue: text) { return .content(strategy) }
        let values = Self.parts(text, by: ",").compactMap { numbers.number($0) }
        guard values.count == 2, values.allSatisfy({ (0...1).contains($0) }) else {
            let allowed = ContentFocus.allCases.map(\.rawValue)
            throw invalid(key, "`attention`, `entropy`, or a point `x,y` in fractions of the image (0–1 each, e.g. `0.3,0.25`)", allowed: allowed)
        }
        return .point(x: values[0], y: values[1])
    }

    /// `threshold` (0–255) with an optional border colour after a comma (`10`, `10,ffffff`, `0,white`);
    /// `1`/`true` alone is the default threshold.
    func trim(_ key: String) throws(SpecError) -> ImageTrim? {
        guard let text = value(key) else { return nil }
        let parts = Self.parts(text, by: ",")
        let expected =
            "a threshold from 0 to 255 with an optional border colour, e.g. `10`, `10,ffffff` or `0,white` (default threshold \(NumberText.format(ImageTrim.defaultThreshold)), colour: the top-left pixel)"
        guard (1...2).contains(parts.count) else { throw invalid(key, expected) }
        var trim = ImageTrim()
        if Self.flagWords[parts[0].lowercased()] != "1" {
            guard let threshold = numbers.number(parts[0]), (0...255).contains(threshold) else { throw invalid(key, expected) }
            trim.threshold = threshold
        }
        if parts.count == 2 {
            guard let color = Self.color(parts[1]) else { throw invalid(key, expected) }
            trim.color = color
        }
        return trim
    }

    /// `75` (every format), `webp:70,avif:50` (those formats), or both (`75,avif:50`); each 1–100.
    func quality(_ key: String) throws(SpecError) -> EncoderQuality? {
        guard let text = value(key) else { return nil }
        let formats = ImageFormat.allCases.filter(\.usesQuality).map(\.rawValue)
        let expected =
            "a quality from 1 to 100 for every format (`75`), per format (`webp:70,avif:50`; formats: \(formats.joined(separator: ", "))), or both (`75,avif:50`)"
        var quality = EncoderQuality()
        for part in Self.parts(text, by: ",") {
            let pieces = part.split(separator: ":", omittingEmptySubsequences: false)
            guard let number = Int(pieces[pieces.count - 1]), (1...100).contains(number), pieces.count <= 2 else { throw invalid(key, expected) }
            guard pieces.count == 2 else {
                guard quality.all == nil else { throw invalid(key, expected) }
                quality.all = number
                continue
            }
            let name = FormatRequest.spellings[pieces[0].lowercased()] ?? String(pieces[0])
            guard let format = ImageFormat(rawValue: name), format.usesQuality, quality.perFormat[format] == nil else { throw invalid(key, expected) }
            quality.perFormat[format] = number
        }
        return quality
    }

    /// An integer in `range`.
    func integer(_ key: String, in range: ClosedRange<Int>) throws(SpecError) -> Int? {
        guard let text = value(key) else { return nil }
        guard let n = Int(text), range.contains(n) else { throw invalid(key, "a whole number from \(range.lowerBound) to \(range.upperBound)") }
        return n
    }

    /// A number in `range` (`scale`).
    func number(_ key: String, in range: ClosedRange<Double>) throws(SpecError) -> Double? {
        guard let text = value(key) else { return nil }
        guard let n = numbers.number(text), range.contains(n) else {
            throw invalid(key, "a number from \(NumberText.format(range.lowerBound)) to \(NumberText.format(range.upperBound))")
        }
        return n
    }
}

extension StringProtocol {
    /// Without leading and trailing spaces (`+` in a query decodes to a space).
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
