import Layout

/// An imgproxy or thumbor URL read into ImageFrame's own request: the canonical spec every other
/// spelling of the same meaning also gives, and what the URL asks of the response besides the image.
public struct CompatRequest: Sendable {
    public var spec: TransformSpec
    /// What `dl=` would say: `1` for an attachment named after the source, or a file name.
    public var download: String?
    /// The Unix time after which the URL is refused (imgproxy `exp`).
    public var expires: Int?

    /// Builds the spec from the layout and the native renderer options (`scale`, `orient`, `fmt`,
    /// `q`, `maxbytes`, `meta`, `v`), checked as the native parameters are.
    init(source: String, layout: CompatLayout, options: [QueryParameters.Pair], limits: SpecLimits) throws(SpecError) {
        let compiled = layout.compiled()
        let parameters = try QueryParameters(pairs: options)
        spec = try TransformSpec.rendered(compiled.view, source: source, proposal: compiled.proposal, parameters: parameters, limits: limits)
        spec.proposesImageSize = compiled.proposesImageSize
        // Both systems round a proportional side to the nearest pixel.
        spec.canvasRounding = .nearest
    }
}

/// Reading the arguments of a foreign option, with errors that name the option as its URL wrote it.
struct ForeignArguments {
    /// The system whose URL it is (`imgproxy`, `thumbor`), for messages.
    let system: String
    let option: String
    let values: [Substring]
    var numbers = NumberBounds()

    func fail(_ message: String) -> SpecError {
        .foreignOption(option: option, message: "\(system) `\(option)`: \(message)")
    }

    /// Argument `index`, or `nil` when absent or empty (imgproxy leaves defaults empty: `rs:fill:300::1`).
    subscript(index: Int) -> Substring? {
        values.indices.contains(index) && !values[index].isEmpty ? values[index] : nil
    }

    func number(_ index: Int, in range: ClosedRange<Double>, _ what: String) throws(SpecError) -> Double? {
        guard let text = self[index] else { return nil }
        guard let value = numbers.number(text), range.contains(value) else {
            throw fail(
                "\(what) must be a number from \(NumberText.format(range.lowerBound)) to \(NumberText.format(range.upperBound)); got `\(text)`")
        }
        return value
    }

    /// imgproxy's booleans: `1`, `t`, `true` and `0`, `f`, `false`.
    func flag(_ index: Int) throws(SpecError) -> Bool? {
        guard let text = self[index] else { return nil }
        switch text.lowercased() {
        case "1", "t", "true": return true
        case "0", "f", "false": return false
        default: throw fail("expects `1`/`t`/`true` or `0`/`f`/`false`; got `\(text)`")
        }
    }

    /// Refuses arguments past `count`.
    func atMost(_ count: Int) throws(SpecError) {
        guard values.count <= count else { throw fail("takes at most \(count) argument\(count == 1 ? "" : "s"); got \(values.count)") }
    }
}

/// The output format both systems keep when a URL names none: the source's own, read from its
/// name's extension (imgproxy keeps JPEG, PNG and GIF; thumbor those and WebP); `nil` leaves `fmt=auto`.
func sourceFormat(of name: String, keeping kept: Set<String>) -> String? {
    guard let dot = name.lastIndex(of: ".") else { return nil }
    let formats = ["jpg": "jpeg", "jpeg": "jpeg", "png": "png", "gif": "gif", "webp": "webp"]
    guard let format = formats[name[name.index(after: dot)...].lowercased()], kept.contains(format) else { return nil }
    return format
}
