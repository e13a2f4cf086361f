/// An expression of a template file, with the offset where it starts (`TemplateOffset`).
struct SwiftExpr: Equatable, Sendable {
    indirect enum Kind: Equatable, Sendable {
        case number(Double, isInteger: Bool)
        case string([SwiftStringPiece])
        case bool(Bool)
        case `nil`
        /// A name: a variable, a parameter, a type or a view (`title`, `VStack`, `$0`).
        case name(String)
        /// `.red`, `.center`: a member of the type the context expects.
        case implicitMember(String)
        /// `base.name`.
        case member(SwiftExpr, String)
        /// `callee(arguments) { trailing } label: { trailing }`.
        case call(SwiftExpr, [SwiftArgument])
        /// `base[arguments]`.
        case subscripted(SwiftExpr, [SwiftArgument])
        case binary(String, SwiftExpr, SwiftExpr)
        /// `-x`, `!x`.
        case prefix(String, SwiftExpr)
        case ternary(SwiftExpr, SwiftExpr, SwiftExpr)
        case array([SwiftExpr])
        /// `(a, b)`; one unlabelled element is a parenthesised expression.
        case tuple([SwiftArgument])
        case closure(SwiftClosure)
        /// `$name`.
        case binding(String)
        /// `\.self`, `\.id`: a key path (ForEach's `id:`).
        case keyPath([String])
    }

    var kind: Kind
    var offset: Int
}

/// A piece of a string literal: text, or an interpolated expression.
enum SwiftStringPiece: Equatable, Sendable {
    case text(String)
    case expression(SwiftExpr)
}

/// An argument of a call or subscript; trailing closures come last, the first unlabelled.
struct SwiftArgument: Equatable, Sendable {
    var label: String?
    var value: SwiftExpr
    /// Whether it was written as a trailing closure.
    var isTrailing = false
}

/// A closure: its parameter names and its statements. A closure whose body is not the Swift a
/// template can run (a button's action, say) keeps the parse error, raised only if it is run.
struct SwiftClosure: Equatable, Sendable {
    var parameters: [String]
    var body: Result<[SwiftStatement], SpecError>
    var offset: Int
}

/// A statement inside a body (a view builder's, a function's or a closure's).
indirect enum SwiftStatement: Equatable, Sendable {
    case expression(SwiftExpr)
    /// `let name: Type = value` / `var …`; `value` nil for a declaration without one.
    case binding(name: String, type: String?, value: SwiftExpr?, offset: Int)
    /// `name = value`, `name += value`.
    case assignment(name: String, operator: String, value: SwiftExpr, offset: Int)
    /// `if c1, let x = e, … { } else …`.
    case `if`(conditions: [SwiftCondition], then: [SwiftStatement], otherwise: [SwiftStatement]?, offset: Int)
    case `switch`(SwiftExpr, cases: [SwiftCase], offset: Int)
    /// `for name in sequence { }` (outside view builders, as in Swift).
    case `for`(name: String, sequence: SwiftExpr, body: [SwiftStatement], offset: Int)
    case `return`(SwiftExpr?, offset: Int)
}

/// One condition of an `if`: a Boolean, or an optional binding (`let x = value`, `let x`).
enum SwiftCondition: Equatable, Sendable {
    case boolean(SwiftExpr)
    case optionalBinding(name: String, value: SwiftExpr)
}

/// `case a, b:` (patterns are values compared with `==`, or ranges) or `default:`.
struct SwiftCase: Equatable, Sendable {
    /// Empty for `default`.
    var patterns: [SwiftExpr]
    var body: [SwiftStatement]
}

/// A function's parameter: `label name: Type = default`.
struct SwiftParameter: Equatable, Sendable {
    /// The argument label; nil for `_`.
    var label: String?
    var name: String
    var type: String
    var defaultValue: SwiftExpr?
}

/// `func name(parameters) -> Type { body }`, or a computed property (no parameters).
struct SwiftFunction: Equatable, Sendable {
    var name: String
    var parameters: [SwiftParameter]
    var body: [SwiftStatement]
    var offset: Int
    /// The declaration's source text, to tell identical declarations in two files apart from different ones.
    var source: String
}

/// A stored property of a view struct: `@State private var name: String = ""`.
struct SwiftProperty: Equatable, Sendable {
    var name: String
    var type: String?
    var value: SwiftExpr?
    var isConstant: Bool
    var offset: Int
}

/// `struct Name: View { properties; var body: some View { … }; other members }`.
struct SwiftViewStruct: Equatable, Sendable {
    var name: String
    var properties: [SwiftProperty]
    /// Computed properties (`body` among them) and methods, by name.
    var members: [String: SwiftFunction]
    var offset: Int
    var source: String
}

/// A top-level declaration a module's files share.
enum SwiftDeclaration: Equatable, Sendable {
    case constant(SwiftProperty, source: String)
    case function(SwiftFunction)
    case view(SwiftViewStruct)

    var name: String {
        switch self {
        case .constant(let p, _): p.name
        case .function(let f): f.name
        case .view(let s): s.name
        }
    }

    var offset: Int {
        switch self {
        case .constant(let p, _): p.offset
        case .function(let f): f.offset
        case .view(let s): s.offset
        }
    }

    /// Whether this is `let name = "text"`: a parameter of its file with that default.
    var isParameterDefault: Bool {
        guard case .constant(let property, _) = self, property.isConstant, let value = property.value, case .string(let pieces) = value.kind else {
            return false
        }
        return pieces.allSatisfy { if case .text = $0 { true } else { false } }
    }

    /// The declaration as written, for comparing two files' declarations of one name.
    var source: String {
        switch self {
        case .constant(_, let source): source
        case .function(let f): f.source
        case .view(let s): s.source
        }
    }
}

/// One parsed template file: its declarations, its custom modifiers (`extension View`), and what
/// its root view would be.
struct SwiftFile: Equatable, Sendable {
    var name: String
    var declarations: [SwiftDeclaration] = []
    /// `extension View { func name(…) -> some View }`: modifiers written in SwiftUI.
    var modifiers: [SwiftFunction] = []
    /// Top-level statements: a bare `var body` or a view expression (with the `let`s around it).
    var statements: [SwiftStatement] = []
    /// The struct a `#Preview { Name() }` shows.
    var previewedStruct: String?
    /// Whether the file declares a top-level `var body`.
    var hasBody = false
}
