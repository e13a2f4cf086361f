/// Parses chain text in Swift syntax into a `ChainSyntax` tree (no meaning yet; see `ChainBuilder`).
///
/// Grammar (whitespace anywhere; the first modifier's dot is optional when there is no leaf):
/// ```
/// chain    := leaf? ('.' modifier)*
/// leaf     := 'Image' '(' args ')' | 'Color' '.' name | 'Color' '(' args ')' | 'LinearGradient' '(' args ')'
/// modifier := name ('(' args ')')? ('{' chain '}')?        -- at least one of the two
/// args     := (arg (',' arg)*)?      arg := (label ':')? expr
/// expr     := number | '-' expr | string | nil | true | false | '.' name | Type('.' name)* | Type '(' args ')'
///             | '[' expr (',' expr)* ']' | expr '.' name '(' args ')' | expr '/' expr
/// ```
struct ChainParser {
    private var tokens: [ChainToken]
    private var position = 0
    private let param: String
    private let limits: SpecLimits
    private var depth = 0

    init(tokens: [ChainToken], param: String, limits: SpecLimits) {
        self.tokens = tokens
        self.param = param
        self.limits = limits
    }

    static func parse(_ text: String, param: String = "chain", limits: SpecLimits = SpecLimits()) throws(SpecError) -> ChainSyntax {
        guard text.unicodeScalars.count <= limits.maxChainLength else {
            throw .limitExceeded(param: param, message: "`\(param)` is longer than \(limits.maxChainLength) characters")
        }
        var lexer = ChainLexer(text, param: param)
        var parser = ChainParser(tokens: try lexer.tokenize(), param: param, limits: limits)
        let chain = try parser.chain(closing: nil)
        try parser.expect(.end, "`.` and a modifier, or the end of the chain")
        return chain
    }

    private var current: ChainToken { tokens[position] }

    private func peek(_ ahead: Int = 1) -> ChainToken {
        tokens[min(position + ahead, tokens.count - 1)]
    }

    private mutating func advance() -> ChainToken {
        defer { if position < tokens.count - 1 { position += 1 } }
        return current
    }

    private func isPunctuation(_ c: Character, _ token: ChainToken? = nil) -> Bool {
        (token ?? current).kind == .punctuation(c)
    }

    private mutating func accept(_ c: Character) -> Bool {
        guard isPunctuation(c) else { return false }
        position += 1
        return true
    }

    private mutating func expect(_ kind: ChainToken.Kind, _ what: String) throws(SpecError) {
        guard current.kind == kind else { throw error(expected: what) }
        if kind != .end { position += 1 }
    }

    private func error(expected: String) -> SpecError {
        .syntax(param: param, offset: current.offset, expected: expected, found: current.display)
    }

    private mutating func identifier(_ what: String) throws(SpecError) -> (String, Int) {
        guard case .identifier(let name) = current.kind else { throw error(expected: what) }
        return (name, advance().offset)
    }

    // MARK: chain and modifiers

    /// A chain; `closing` names the modifier whose `{ content }` this is, or `nil` at the top level.
    private mutating func chain(closing: String?) throws(SpecError) -> ChainSyntax {
        let nested = closing != nil
        let start = current.offset
        let leaf = try leafIfPresent()
        if nested && leaf == nil {
            throw error(expected: "a view to start the content: Image(\"name\"), Color.red, Color(…) or LinearGradient(…)")
        }
        var modifiers: [ModifierSyntax] = []
        let endsChain: (ChainToken) -> Bool = { nested ? $0.kind == .punctuation("}") : $0.kind == .end }
        while !endsChain(current) {
            if let closing, current.kind == .end { throw error(expected: "`}` to close the content of \(closing)") }
            let dotOptional = leaf == nil && modifiers.isEmpty
            if !accept("."), !dotOptional {
                throw error(expected: nested ? "`.` and a modifier, or `}`" : "`.` and a modifier, or the end of the chain")
            }
            modifiers.append(try modifier())
        }
        return ChainSyntax(leaf: leaf, modifiers: modifiers, offset: start)
    }

    private mutating func leafIfPresent() throws(SpecError) -> LeafSyntax? {
        guard case .identifier(let name) = current.kind else { return nil }
        let offset = current.offset
        switch name {
        case "Image":
            position += 1
            let arguments = try parenthesizedArguments(after: "Image")
            guard arguments.count <= 1 else {
                throw .argument(param: param, offset: arguments[1].offset, message: "Image takes one name, e.g. Image(\"logo.png\")")
            }
            return .image(arguments.first, offset: offset)
        case "Color" where isPunctuation(".", peek()):
            position += 2
            let (member, _) = try identifier("a colour name after `Color.`, e.g. Color.red")
            return .color(Expression(kind: .qualified(type: ["Color"], member: member), offset: offset))
        case "Color", "LinearGradient":
            position += 1
            let call = Expression(kind: .call(type: name, arguments: try parenthesizedArguments(after: name)), offset: offset)
            return name == "Color" ? .color(call) : .gradient(call)
        default:
            guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return nil }
            throw error(expected: "a modifier or a leaf view: Image(\"name\"), Color.red, Color(…) or LinearGradient(…)")
        }
    }

    private mutating func modifier() throws(SpecError) -> ModifierSyntax {
        let (name, offset) = try identifier("a modifier name, e.g. frame, resizable, aspectRatio")
        var arguments: [Argument] = []
        let hasParentheses = isPunctuation("(")
        if hasParentheses { arguments = try parenthesizedArguments(after: name) }
        var content: ChainSyntax?
        if accept("{") {
            depth += 1
            guard depth <= limits.maxNesting else {
                throw .limitExceeded(param: param, message: "`\(param)` nests content more than \(limits.maxNesting) levels deep")
            }
            content = try chain(closing: name)
            try expect(.punctuation("}"), "`}` to close the content of \(name)")
            depth -= 1
        }
        guard hasParentheses || content != nil else { throw error(expected: "`(` after `\(name)`") }
        return ModifierSyntax(name: name, offset: offset, arguments: arguments, hasParentheses: hasParentheses, content: content)
    }

    // MARK: arguments and expressions

    private mutating func parenthesizedArguments(after name: String) throws(SpecError) -> [Argument] {
        try expect(.punctuation("("), "`(` after `\(name)`")
        var arguments: [Argument] = []
        if accept(")") { return arguments }
        if current.kind == .end { throw error(expected: "`)` to close the arguments of \(name)") }
        repeat {
            let offset = current.offset
            var label: String?
            if case .identifier(let name) = current.kind, isPunctuation(":", peek()) {
                label = name
                position += 2
            }
            arguments.append(Argument(label: label, value: try expression(), offset: offset))
        } while accept(",")
        try expect(.punctuation(")"), "`,` or `)` to close the arguments of \(name)")
        return arguments
    }

    private mutating func expression() throws(SpecError) -> Expression {
        var value = try postfix(try primary())
        while isPunctuation("/") {
            position += 1
            let divisor = try postfix(try primary())
            value = Expression(kind: .quotient(value, divisor), offset: value.offset)
        }
        return value
    }

    private mutating func postfix(_ base: Expression) throws(SpecError) -> Expression {
        var value = base
        while isPunctuation("."), case .identifier(let name) = peek().kind, isPunctuation("(", peek(2)) {
            position += 2
            value = Expression(kind: .method(value, name: name, arguments: try parenthesizedArguments(after: name)), offset: value.offset)
        }
        return value
    }

    private mutating func primary() throws(SpecError) -> Expression {
        let token = current
        let at = { (kind: Expression.Kind) in Expression(kind: kind, offset: token.offset) }
        switch token.kind {
        case .number(let value):
            position += 1
            return at(.number(value))
        case .string(let text):
            position += 1
            return at(.string(text))
        case .punctuation("-"):
            position += 1
            return at(.negated(try primary()))
        case .punctuation("."):
            position += 1
            return at(.member(try identifier("a member name after `.`, e.g. .center").0))
        case .punctuation("["):
            position += 1
            var items: [Expression] = []
            if !accept("]") {
                repeat { items.append(try expression()) } while accept(",")
                try expect(.punctuation("]"), "`,` or `]` to close the list")
            }
            return at(.array(items))
        case .identifier("nil"):
            position += 1
            return at(.nil)
        case .identifier("true"), .identifier("false"):
            position += 1
            return at(.bool(token.kind == .identifier("true")))
        case .identifier(let name):
            position += 1
            if isPunctuation("(") { return at(.call(type: name, arguments: try parenthesizedArguments(after: name))) }
            var path = [name]
            while isPunctuation("."), case .identifier(let next) = peek().kind, !isPunctuation("(", peek(2)) {
                position += 2
                path.append(next)
            }
            guard path.count > 1 else { throw .syntax(param: param, offset: token.offset, expected: "a value", found: token.display) }
            return at(.qualified(type: Array(path.dropLast()), member: path.last!))
        default:
            throw error(expected: "a value (number, string, .name, Type.name or Type(…))")
        }
    }
}
