/// Arguments and value expressions.
extension ChainParser {
    mutating func parenthesizedArguments(after name: String) throws(SpecError) -> [Argument] {
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

    /// `{}` or `{ view }`: a closure holding nothing or one view (a Button's action, its label).
    mutating func closure(of name: String) throws(SpecError) -> ChainSyntax? {
        let offset = advance().offset
        if accept("}") { return nil }
        let startsView = isPunctuation("(") || current.kind.identifierStartsUppercase
        guard startsView else {
            throw error(
                expected:
                    "a view or `}`: \(name) holds a view (a Button's label) or nothing (its action, which a rendered button never runs: write action: {})"
            )
        }
        try enterBody(name, at: offset)
        let content = try chain(in: name)
        if isPunctuation(";") || current.followsNewline && !isPunctuation("}") {
            throw error(expected: "`}`: \(name) holds one view; put several in an HStack, VStack or ZStack { … }")
        }
        try expect(.punctuation("}"), "`}` to close \(name)")
        viewDepth -= 1
        return content
    }

    /// Terms joined by `/` and `*`, left to right.
    mutating func expression() throws(SpecError) -> Expression {
        var value = try postfix(try primary())
        while isPunctuation("/") || isPunctuation("*") {
            let divides = advance().kind == .punctuation("/")
            let other = try postfix(try primary())
            value = Expression(kind: divides ? .quotient(value, other) : .product(value, other), offset: value.offset)
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
        case .interpolated(let segments):
            position += 1
            return at(.interpolated(segments))
        case .binding(let name):
            position += 1
            return at(.binding(name))
        case .punctuation("{"):
            return at(.closure(try closure(of: "a closure")))
        case .punctuation("-"):
            position += 1
            return at(.negated(try primary()))
        case .punctuation("."):
            position += 1
            let name = try identifier("a member name after `.`, e.g. .center").0
            if isPunctuation("(") { return at(.memberCall(name, arguments: try parenthesizedArguments(after: name))) }
            return at(.member(name))
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
            // `Font.system(size: 20)`, `Angle.degrees(90)`: a static member called on a type name.
            if path.count == 1, isPunctuation("."), case .identifier(let member) = peek().kind {
                position += 2
                return at(.memberCall(member, arguments: try parenthesizedArguments(after: member)))
            }
            guard path.count > 1 else { throw .syntax(param: param, offset: token.offset, expected: "a value", found: token.display) }
            return at(.qualified(type: Array(path.dropLast()), member: path.last!))
        default:
            throw error(expected: "a value (number, string, .name, Type.name or Type(…))")
        }
    }
}
