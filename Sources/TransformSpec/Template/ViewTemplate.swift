import CheckedConversion
import Layout

/// A view template: a file of chain text whose string literals may hold `\(name)` interpolations,
/// parsed once when loaded. A request fills the parameters from its query (as literal text, after
/// parsing) and adds the renderer options; the result is the same `TransformSpec` an `/img` chain
/// gives, with no primary image (a template names its images with `Image("…")`).
public struct ViewTemplate: Sendable {
    /// The template's name (its file name without `.swift`).
    public let name: String
    /// The parameters: the names of the `let` lines at the top, then the other interpolated names,
    /// in order of first appearance. A request must give each one that has no default.
    public let parameters: [String]
    /// The defaults of the parameters declared `let name = "value"` at the top of the file.
    public let defaults: [String: String]
    /// The families its `Font.custom` calls name (written as literals, so the same for every
    /// request): `imgframe check` checks them against the installed fonts before deploying.
    public private(set) var customFontFamilies: Set<String> = []
    private let syntax: ChainSyntax

    /// Longest template name.
    public static let maxNameLength = 64

    /// Whether `name` may name a template: 1–64 ASCII letters, digits, `-` and `_`, so it is one
    /// path segment that can never be `.`, `..` or contain a separator.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maxNameLength
            && name.utf8.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isLetter) || (0x30...0x39).contains($0) }
    }

    /// The file a template is read from.
    public static func fileName(_ name: String) -> String { name + ".swift" }

    /// Parses template `text`. The view-tree limits apply as to `chain`, except the length (the
    /// caller bounds the file's size). The template is also built once with each parameter's name
    /// as its value, so an error in its modifiers shows when it is loaded, not on a request.
    public init(name: String, text: String, limits: SpecLimits) throws(TemplateError) {
        let file = Self.fileName(name)
        var parseLimits = limits
        parseLimits.maxChainLength = .max
        let declared = try TemplateDeclarations(text, file: file)
        do {
            syntax = try ChainParser.parse(declared.body, param: file, limits: parseLimits)
        } catch {
            throw Self.invalid(file, text, error)
        }
        self.name = name
        guard syntax.leaf != nil else {
            throw .invalid(file: file, line: 1, column: 1, message: "a template starts with a view (a stack, Image(\"name\"), Text(…), a shape…), not a modifier")
        }
        let names = declared.names.map { (name: $0.name, offset: $0.offset) } + syntax.interpolatedNames.filter { used in !declared.names.contains { $0.name == used.name } }
        if let clash = names.first(where: { QueryParameters.rendererOptions.contains($0.name) }) {
            throw Self.invalid(
                file, text,
                .argument(
                    param: file, offset: clash.offset,
                    message: "`\(clash.name)` is a renderer option (\(QueryParameters.rendererOptions.joined(separator: ", "))); give the parameter another name"))
        }
        parameters = names.map(\.name)
        defaults = Dictionary(uniqueKeysWithValues: declared.names.map { ($0.name, $0.value) })
        do {
            customFontFamilies = try view(Dictionary(uniqueKeysWithValues: parameters.map { ($0, $0) }), limits: limits).customFontFamilies
        } catch {
            throw Self.invalid(file, text, error)
        }
    }

    /// The request for `query`: each template parameter once (a missing or unknown one is an error
    /// naming it), plus the renderer options `fmt`, `q`, `page`, `scale`/`dpr`, `pw`, `ph`, `opaque` (and
    /// the signature's `sig` and `exp`), some of which a `preset=` of `presets` may give.
    public func spec(query: String, limits: SpecLimits, presets: PresetTable = .none) throws(SpecError) -> TransformSpec {
        try spec(pairs: QueryParameters.pairs(query), limits: limits, presets: presets)
    }

    /// `spec(query:limits:presets:)` from the query's decoded pairs.
    public func spec(pairs: [QueryParameters.Pair], limits: SpecLimits, presets: PresetTable = .none) throws(SpecError) -> TransformSpec {
        var values: [String: String] = [:]
        var options: [QueryParameters.Pair] = []
        for (key, value) in pairs {
            if QueryParameters.rendererOptions.contains(key) {
                options.append((key, value))
                continue
            }
            guard parameters.contains(key) else { throw .unknownTemplateParameter(key, template: name, parameters: parameters) }
            guard values[key] == nil else { throw .duplicateParameter(key) }
            guard value.count <= limits.maxTemplateValueLength else {
                throw .limitExceeded(param: key, message: "`\(key)` is \(value.count) characters long; a template parameter may have at most \(limits.maxTemplateValueLength)")
            }
            values[key] = value
        }
        for (parameter, value) in defaults where values[parameter] == nil { values[parameter] = value }
        if let missing = parameters.first(where: { values[$0] == nil }) { throw .missingTemplateParameter(missing, template: name) }
        // The preset's options first, the query's own on top: only renderer options, so the
        // template's parameters are the query's alone.
        let rendering = try QueryParameters(pairs: presets.expanded(options, templateOptionsOnly: true))
        return try TransformSpec.rendered(
            view(values, limits: limits), source: "", proposal: TransformSpec.proposal(rendering, limits: limits), parameters: rendering, limits: limits)
    }

    /// The template's view with `values` in place of its interpolations.
    private func view(_ values: [String: String], limits: SpecLimits) throws(SpecError) -> ViewNode {
        let file = Self.fileName(name)
        var builder = ChainBuilder(source: "", param: file, limits: limits)
        return try builder.build(syntax.substituting(values, param: file))
    }

    /// A parse or build error of the file, at its line and column.
    private static func invalid(_ file: String, _ text: String, _ error: SpecError) -> TemplateError {
        let (offset, message): (Int?, String) =
            switch error {
            case let .syntax(_, offset, expected, found): (offset, "expected \(expected); found \(found)")
            case let .argument(_, offset, message): (offset, message)
            default: (nil, error.description)
            }
        guard let offset else { return .invalid(file: file, line: nil, column: nil, message: message) }
        var line = 1
        var column = 1
        for scalar in text.unicodeScalars.prefix(offset) {
            if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        return .invalid(file: file, line: line, column: column, message: message)
    }
}
