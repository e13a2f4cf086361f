import CheckedConversion
import Layout

/// A view template: a Swift file of a templates folder (`TemplateModule`), parsed once when
/// loaded. A request gives its parameters in the query (typed: text, numbers, ISO 8601 dates,
/// Booleans), the file's code runs (`TemplateEvaluator`), and its view is built like a chain; the
/// result is the same `TransformSpec` an `/img` chain gives, with no primary image (a template
/// names its images with `Image("…")`).
public struct ViewTemplate: Sendable {
    /// The template's name (its file name without `.swift`).
    public let name: String
    /// The parameters' names, in order (`TemplateParameterFinder`). A request must give each
    /// one that has no default.
    public let parameters: [String]
    /// The defaults written in the template, as query text.
    public let defaults: [String: String]
    /// How each parameter's query text is read.
    public let kinds: [String: TemplateParameter.Kind]
    /// The families its `Font.custom` calls name (written as literals, so the same for every
    /// request): `imgframe check` checks them against the installed fonts before deploying.
    public private(set) var customFontFamilies: Set<String> = []
    private let required: Set<String>
    private let module: TemplateModule
    private let file: Int

    /// Longest template name.
    public static let maxNameLength = 64

    /// The query key that picks the locale of `Date.formatted()` (default `en_US`).
    public static let localeKey = "locale"

    /// Whether `name` may name a template: 1–64 ASCII letters, digits, `-` and `_`, so it is one
    /// path segment that can never be `.`, `..` or contain a separator.
    public static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= maxNameLength
            && name.utf8.allSatisfy {
                $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isLetter)
                    || (0x30...0x39).contains($0)
            }
    }

    /// The file a template is read from.
    public static func fileName(_ name: String) -> String { name + ".swift" }

    /// A template alone in its module (a folder of one file).
    public init(name: String, text: String, limits: SpecLimits) throws(TemplateError) {
        try self.init(name: name, module: TemplateModule(files: [(name, text)]), limits: limits)
    }

    /// Template `name` of `module`. It is also run once with placeholder values (each text
    /// parameter its own name), so an error in its code or modifiers shows when it is loaded,
    /// not on a request.
    public init(name: String, module: TemplateModule, limits: SpecLimits) throws(TemplateError) {
        guard let file = module.fileIndex(name) else { throw .notFound(name) }
        self.name = name
        self.module = module
        self.file = file
        if let failure = module.failures[file] { throw Self.invalid(module, failure, file: file) }
        let found = TemplateParameterFinder(module: module, root: file).found
        let reserved = QueryParameters.rendererOptions + [Self.localeKey]
        if let clash = found.first(where: { reserved.contains($0.name) }) {
            throw Self.invalid(
                module,
                .argument(
                    param: Self.fileName(name), offset: clash.offset,
                    message: "`\(clash.name)` is a renderer option (\(reserved.joined(separator: ", "))); give the parameter another name"),
                file: file)
        }
        parameters = found.map(\.name)
        defaults = Dictionary(uniqueKeysWithValues: found.compactMap { p in p.defaultValue.map { (p.name, $0) } })
        kinds = Dictionary(uniqueKeysWithValues: found.map { ($0.name, $0.kind) })
        required = Set(found.filter { $0.isRequired && $0.defaultValue == nil }.map(\.name))
        var placeholders: [String: TemplateValue] = [:]
        for parameter in found where parameter.defaultValue == nil && parameter.isRequired {
            placeholders[parameter.name] = Self.placeholder(parameter)
        }
        for (key, value) in defaults { placeholders[key] = try? Self.value(value, for: key, kind: kinds[key] ?? .text) }
        do {
            customFontFamilies = try view(placeholders, locale: TemplateDate.defaultLocale, limits: limits).customFontFamilies
        } catch {
            throw Self.invalid(module, error, file: file)
        }
    }

    /// A value to load the template with: a text parameter shows its own name.
    private static func placeholder(_ parameter: TemplateParameter) -> TemplateValue {
        switch parameter.kind {
        case .text: .string(parameter.name)
        case .number: .int(1)
        case .date: .date(TemplateDate(year: 2026, month: 11, day: 27, hour: 22, minute: 15))
        case .bool: .bool(false)
        case .color: .swiftUI(Expression(kind: .qualified(type: ["Color"], member: "gray"), offset: 0))
        }
    }

    /// The request for `query`: each template parameter once (a missing or unknown one is an error
    /// naming it), `locale`, plus the renderer options `fmt`, `q`, `page`, `scale`/`dpr`, `pw`,
    /// `ph`, `opaque` (and the signature's `sig` and `exp`), some of which a `preset=` of `presets` may give.
    public func spec(query: String, limits: SpecLimits, presets: PresetTable = .none) throws(SpecError) -> TransformSpec {
        try spec(pairs: QueryParameters.pairs(query), limits: limits, presets: presets)
    }

    /// `spec(query:limits:presets:)` from the query's decoded pairs.
    public func spec(pairs: [QueryParameters.Pair], limits: SpecLimits, presets: PresetTable = .none) throws(SpecError) -> TransformSpec {
        var values: [String: TemplateValue] = [:]
        var options: [QueryParameters.Pair] = []
        var locale = TemplateDate.defaultLocale
        for (key, value) in pairs {
            if QueryParameters.rendererOptions.contains(key) {
                options.append((key, value))
                continue
            }
            if key == Self.localeKey {
                guard TemplateDate.locales[value] != nil else {
                    throw .invalidValue(param: key, value: value, expected: "one of " + TemplateDate.locales.keys.sorted().joined(separator: ", "))
                }
                locale = value
                continue
            }
            guard parameters.contains(key) else { throw .unknownTemplateParameter(key, template: name, parameters: parameters) }
            guard values[key] == nil else { throw .duplicateParameter(key) }
            guard value.count <= limits.maxTemplateValueLength else {
                throw .limitExceeded(
                    param: key,
                    message: "`\(key)` is \(value.count) characters long; a template parameter may have at most \(limits.maxTemplateValueLength)")
            }
            values[key] = try Self.value(value, for: key, kind: kinds[key] ?? .text)
        }
        for (parameter, value) in defaults where values[parameter] == nil {
            values[parameter] = try Self.value(value, for: parameter, kind: kinds[parameter] ?? .text)
        }
        if let missing = parameters.first(where: { values[$0] == nil && required.contains($0) }) {
            throw .missingTemplateParameter(missing, template: name)
        }
        // The preset's options first, the query's own on top: only renderer options, so the
        // template's parameters are the query's alone.
        let rendering = try QueryParameters(pairs: presets.expanded(options, templateOptionsOnly: true))
        return try TransformSpec.rendered(
            view(values, locale: locale, limits: limits), source: "", proposal: TransformSpec.proposal(rendering, limits: limits),
            parameters: rendering, limits: limits)
    }

    /// A parameter's query text as the value its kind says.
    static func value(_ text: String, for name: String, kind: TemplateParameter.Kind) throws(SpecError) -> TemplateValue {
        switch kind {
        case .text:
            return .string(text)
        case .number:
            if let int = Int(text) { return .int(int) }
            guard let double = Double(text), double.isFinite, !text.contains(where: { $0.isLetter && $0 != "e" && $0 != "E" }) else {
                throw .invalidValue(param: name, value: text, expected: "a number")
            }
            return .double(double)
        case .date:
            guard let date = TemplateDate(iso8601: text) else {
                throw .invalidValue(param: name, value: text, expected: "an ISO 8601 date, e.g. 2026-11-27 or 2026-11-27T22:15")
            }
            return .date(date)
        case .bool:
            switch text {
            case "true", "1": return .bool(true)
            case "false", "0": return .bool(false)
            default: throw .invalidValue(param: name, value: text, expected: "true or false")
            }
        case .color:
            if NamedColors.color(named: text) != nil { return .swiftUI(Expression(kind: .qualified(type: ["Color"], member: text), offset: 0)) }
            guard ColorText.hex(text) != nil else {
                throw .invalidValue(param: name, value: text, expected: "a colour: a SwiftUI colour's name (red, blue, …) or #rrggbb")
            }
            return .swiftUI(
                Expression(
                    kind: .call(type: "Color", arguments: [Argument(label: "hex", value: Expression(kind: .string(text), offset: 0), offset: 0)]),
                    offset: 0))
        }
    }

    /// The template's view for these parameter values.
    private func view(_ values: [String: TemplateValue], locale: String, limits: SpecLimits) throws(SpecError) -> ViewNode {
        let param = Self.fileName(name)
        var evaluator = TemplateEvaluator(module: module, parameters: values, locale: locale, limits: limits, param: param)
        let syntax = try evaluator.root(file: file)
        var builder = ChainBuilder(source: "", param: param, limits: limits)
        return try builder.build(syntax)
    }

    /// A parse, run or build error of a file, at its file, line and column.
    private static func invalid(_ module: TemplateModule, _ error: SpecError, file: Int) -> TemplateError {
        let fileName = fileName(module.files[file].name)
        let (offset, message): (Int?, String) =
            switch error {
            case let .syntax(_, offset, expected, found): (offset, "expected \(expected); found \(found)")
            case let .argument(_, offset, message): (offset, message)
            default: (nil, error.description)
            }
        guard let offset, let location = module.location(offset) else { return .invalid(file: fileName, line: nil, column: nil, message: message) }
        return .invalid(file: location.file, line: location.line, column: location.column, message: message)
    }
}
