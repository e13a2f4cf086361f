/// A piece of a string literal in a view template: literal text, or a `\(name)` interpolation
/// that a request's parameter value fills.
enum StringSegment: Equatable, Sendable {
    case text(String)
    /// `\(name)` at character `offset` (of its backslash).
    case parameter(String, offset: Int)

    /// The segment as it was written, for error messages.
    var source: String {
        switch self {
        case .text(let text): text
        case .parameter(let name, _): "\\(\(name))"
        }
    }
}
