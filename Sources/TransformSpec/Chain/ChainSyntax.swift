/// A value expression inside a modifier's parentheses, with the offset where it starts.
struct Expression: Equatable {
    indirect enum Kind: Equatable {
        case number(Double)
        case string(String)
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
        /// `16/9`, as a CGFloat literal division.
        case quotient(Expression, Expression)
        /// `-x`.
        case negated(Expression)
    }

    var kind: Kind
    var offset: Int
}

/// One argument of a call: an optional label and its value.
struct Argument: Equatable {
    var label: String?
    var value: Expression
    var offset: Int
}

/// The leaf a chain starts with.
enum LeafSyntax: Equatable {
    case image(Argument?, offset: Int)
    case color(Expression)
    case gradient(Expression)
}

/// A modifier call: `.frame(width: 300)` or `.overlay(alignment: .top) { Image("x") }`.
struct ModifierSyntax: Equatable {
    var name: String
    var offset: Int
    var arguments: [Argument]
    var hasParentheses: Bool
    var content: ChainSyntax?
}

/// A parsed chain: an optional explicit leaf and its modifiers, in order.
struct ChainSyntax: Equatable {
    var leaf: LeafSyntax?
    var modifiers: [ModifierSyntax]
    var offset: Int
}
