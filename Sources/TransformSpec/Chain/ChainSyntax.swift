/// A value expression inside a modifier's parentheses, with the offset where it starts.
struct Expression: Equatable, Sendable {
    indirect enum Kind: Equatable, Sendable {
        case number(Double)
        case string(String)
        /// `"Hello, \(name)"` in a view template; replaced by a `.string` before building.
        case interpolated([StringSegment])
        case bool(Bool)
        case `nil`
        /// `.red`, `.infinity`, `.topLeading`: an implicit member.
        case member(String)
        /// `Color.red`, `CGFloat.infinity`, `Image.Interpolation.high`: type path and member.
        case qualified(type: [String], member: String)
        /// `EdgeInsets(top: 1)`, `Color(red: 1, green: 0, blue: 0)`: an initializer call.
        case call(type: String, arguments: [Argument])
        /// `Color.red.opacity(0.5)`: a method called on a value.
        case method(Expression, name: String, arguments: [Argument])
        case array([Expression])
        /// `.degrees(90)`, `.system(size: 20)`, `Font.system(size: 20)`: a static member called, its
        /// type (if written) left out as for `member`.
        case memberCall(String, arguments: [Argument])
        /// `16/9`, as a CGFloat literal division.
        case quotient(Expression, Expression)
        /// `d.height*0.5`, in an alignment guide's closure.
        case product(Expression, Expression)
        /// `-x`.
        case negated(Expression)
        /// `$name`: a binding; in a view template, to the parameter `name` (replaced by a `.string`).
        case binding(String)
        /// `{}` or `{ Image(systemName: "star") }`: a closure argument (a Button's action or label).
        case closure(ChainSyntax?)
    }

    var kind: Kind
    var offset: Int
}

/// One argument of a call: an optional label and its value.
struct Argument: Equatable, Sendable {
    var label: String?
    var value: Expression
    var offset: Int
}

/// The view a chain starts with.
enum LeafSyntax: Equatable, Sendable {
    case image(Argument?, offset: Int)
    case color(Expression)
    case gradient(Expression)
    /// `Circle()`, `RoundedRectangle(cornerRadius: 8)`, `Spacer()`, `Text("Hi")`: a view initializer.
    case view(name: String, arguments: [Argument], offset: Int)
    /// `HStack(spacing: 8) { A; B }`: a container, its arguments and its children in order.
    case stack(name: String, arguments: [Argument], children: [ChainSyntax], offset: Int)
    /// `Text("a").bold() + Text("b")`: Texts joined into one paragraph, in order.
    case concatenation([ChainSyntax])
}

/// The closure of `alignmentGuide(_:computeValue:)`: `{ _ in 20 }` or `{ d in d.height * 0.5 }`.
struct GuideClosureSyntax: Equatable, Sendable {
    /// The closure's parameter name, `_` when unused.
    var parameter: String
    var body: Expression
    var offset: Int
}

/// A modifier call: `.frame(width: 300)` or `.overlay(alignment: .top) { Image("x") }`.
struct ModifierSyntax: Equatable, Sendable {
    var name: String
    var offset: Int
    var arguments: [Argument]
    var hasParentheses: Bool
    var content: ChainSyntax?
    /// The trailing closure of `alignmentGuide`.
    var guide: GuideClosureSyntax? = nil
}

/// A parsed chain: an optional explicit leaf (a view or a container) and its modifiers, in order.
struct ChainSyntax: Equatable, Sendable {
    var leaf: LeafSyntax?
    var modifiers: [ModifierSyntax]
    var offset: Int
}
