/// Why a view template (`GET /view/{template}`, `imgframe render --template`) cannot be used.
/// A bad name or a missing file is the client's problem (400, 404); a file that cannot be read or
/// parsed is the operator's (500, logged), and its message names the file, line and column.
public enum TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name is not 1–64 letters, digits, `-` and `_` (so it cannot walk out of the folder).
    case invalidName(String)
    /// No file `{name}.swift` in the templates folder.
    case notFound(String)
    /// The file exists but cannot be read: too large, not UTF-8, not a regular file.
    case unreadable(file: String, reason: String)
    /// The file is not a valid view: the parser's or builder's message, at a line and column (1-based) when known.
    case invalid(file: String, line: Int?, column: Int?, message: String)

    public var description: String {
        switch self {
        case .invalidName(let name):
            "template name `\(name)` is not allowed: use 1–\(ViewTemplate.maxNameLength) letters, digits, `-` and `_`"
        case .notFound(let name):
            "no template named `\(name)`"
        case let .unreadable(file, reason):
            "template `\(file)` cannot be read: \(reason)"
        case let .invalid(file, line?, column?, message):
            "template `\(file)` line \(line), column \(column): \(message)"
        case let .invalid(file, _, _, message):
            "template `\(file)`: \(message)"
        }
    }
}
