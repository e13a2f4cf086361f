/// Why a request could not be understood. Every case names the parameter and says what was
/// expected, so the message can be shown to the person who wrote the URL as it is.
public enum SpecError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The chain is not valid syntax at character `offset`.
    case syntax(param: String, offset: Int, expected: String, found: String)
    /// The chain parses, but a modifier's argument is wrong at character `offset`.
    case argument(param: String, offset: Int, message: String)
    /// A sugar parameter has a value outside its allowed set.
    case invalidValue(param: String, value: String, expected: String)
    /// Like `invalidValue`, for a near miss: `suggestion` is the allowed value it most likely means.
    case invalidChoice(param: String, value: String, expected: String, suggestion: String)
    /// The query has a key the service does not know.
    case unknownParameter(String)
    /// A parameter a route other than `/img/` does not take; `known` lists those it does.
    case unknownRouteParameter(String, route: String, known: String)
    /// A view template was given a parameter it does not have (nor is it a renderer option).
    case unknownTemplateParameter(String, template: String, parameters: [String])
    /// A view template's parameter has no value in the query.
    case missingTemplateParameter(String, template: String)
    /// `preset=` names a preset the configuration does not define; `defined` lists those it does.
    case unknownPreset(String, defined: [String])
    /// The same parameter (or an alias of it) appears twice.
    case duplicateParameter(String)
    /// `chain` was combined with layout sugar parameters.
    case chainWithSugar([String])
    /// Two parameters that cannot be used together.
    case conflict(param: String, message: String)
    /// A request goes beyond one of `SpecLimits`.
    case limitExceeded(param: String, message: String)
    /// An option of an imgproxy or thumbor URL that ImageFrame cannot honour, or honours differently
    /// spelled: `message` says which and what to write instead.
    case foreignOption(option: String, message: String)

    /// The query parameter the error is about (the `param` of the JSON error body).
    public var parameter: String {
        switch self {
        case .syntax(let p, _, _, _), .argument(let p, _, _), .invalidValue(let p, _, _), .invalidChoice(let p, _, _, _),
            .conflict(let p, _), .limitExceeded(let p, _), .foreignOption(let p, _):
            p
        case .unknownParameter(let p), .unknownRouteParameter(let p, _, _), .duplicateParameter(let p), .unknownTemplateParameter(let p, _, _),
            .missingTemplateParameter(let p, _):
            p
        case .chainWithSugar:
            "chain"
        case .unknownPreset:
            "preset"
        }
    }

    public var description: String {
        switch self {
        case let .syntax(param, offset, expected, found):
            "`\(param)` at offset \(offset): expected \(expected); found \(found)"
        case let .argument(param, offset, message):
            "`\(param)` at offset \(offset): \(message)"
        case let .invalidValue(param, value, expected):
            "`\(param)` must be \(expected); got `\(value)`"
        case let .invalidChoice(param, value, expected, suggestion):
            "`\(param)` must be \(expected); got `\(value)`; did you mean `\(suggestion)`?"
        case .unknownParameter(let name):
            "unknown parameter `\(name)`; known parameters: \(QueryParameters.known.joined(separator: ", "))"
        case let .unknownRouteParameter(name, route, known):
            "unknown parameter `\(name)` for \(route); it takes \(known)"
        case let .unknownTemplateParameter(name, template, parameters):
            "unknown parameter `\(name)` for template `\(template)`; its parameters: "
                + (parameters.isEmpty ? "none" : parameters.map { "`\($0)`" }.joined(separator: ", "))
                + "; renderer options: \(QueryParameters.rendererOptions.joined(separator: ", "))"
        case let .missingTemplateParameter(name, template):
            "template `\(template)` needs the parameter `\(name)`, e.g. ?\(name)=…"
        case let .unknownPreset(name, defined) where defined.isEmpty:
            "unknown preset `\(name)`: this server defines no presets (they are set in its configuration: presets)"
        case let .unknownPreset(name, defined):
            "unknown preset `\(name)`; defined presets: \(defined.joined(separator: ", "))\(Suggestion.hint(for: name, among: defined))"
        case .duplicateParameter(let name):
            "`\(name)` is given more than once"
        case .chainWithSugar(let names):
            "`chain` cannot be combined with layout parameters (\(names.map { "`\($0)`" }.joined(separator: ", "))): "
                + "express them as modifiers inside the chain instead"
        case let .conflict(_, message), let .limitExceeded(_, message), let .foreignOption(_, message):
            message
        }
    }
}
