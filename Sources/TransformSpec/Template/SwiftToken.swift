/// A token of a template file (the Swift a view template is written in), with the offset where it
/// starts in the module's numbering (`TemplateOffset`).
struct SwiftToken: Equatable, Sendable {
    enum Kind: Equatable, Sendable {
        /// A name or keyword (`VStack`, `let`, `$0`).
        case identifier(String)
        /// A number; `isInteger` when written without a fraction or exponent (Swift's `Int`).
        case number(Double, isInteger: Bool)
        /// A string literal: text and `\(expression)` parts.
        case string([SwiftStringPart])
        /// `$name`: a binding's projected value.
        case binding(String)
        /// `@State`, `@ViewBuilder`: an attribute's name.
        case attribute(String)
        /// `#Preview`, `#if`: a directive's name.
        case directive(String)
        /// An operator or punctuation: `.`, `(`, `==`, `..<`, `->`.
        case symbol(String)
        case end
    }

    var kind: Kind
    var offset: Int
    /// Whether a line break comes between this token and the one before: it ends a statement.
    var followsNewline = false
    /// Whether whitespace comes right before this token (`a - b` against `-b`, `x!`).
    var followsSpace = false

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .identifier(let name): "`\(name)`"
        case .number(let value, let isInteger): isInteger ? "`\(Int(exactly: value).map(String.init) ?? "\(value)")`" : "`\(value)`"
        case .string: "a string"
        case .binding(let name): "`$\(name)`"
        case .attribute(let name): "`@\(name)`"
        case .directive(let name): "`#\(name)`"
        case .symbol(let s): "`\(s)`"
        case .end: "the end of the file"
        }
    }

    /// The identifier's name, if this is one.
    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    func isSymbol(_ s: String) -> Bool { kind == .symbol(s) }
}

/// A part of a string literal: text, or an interpolated expression's tokens (ending with `.end`).
enum SwiftStringPart: Equatable, Sendable {
    case text(String)
    case code([SwiftToken])
}

/// Where a token stands: offsets count Unicode scalars within a file, and the module numbers its
/// files, so one `Int` names the file and the place (`file << 24 | scalar`).
enum TemplateOffset {
    /// Files larger than this many scalars cannot be numbered (`Limits.templateBytes` is far below).
    static let fileSpan = 1 << 24

    static func make(file: Int, scalar: Int) -> Int { file * fileSpan + min(scalar, fileSpan - 1) }
    static func file(_ offset: Int) -> Int { offset / fileSpan }
    static func scalar(_ offset: Int) -> Int { offset % fileSpan }
}
