import CheckedConversion

/// Expressions, with Swift's precedence: ternary, `||`, `&&`, comparisons, `??`, ranges, `+ -`,
/// `* / %`, prefix operators, then calls, members, subscripts and trailing closures.
extension SwiftParser {
    /// Binary operators from loosest to tightest.
    private static let precedence: [Set<String>] = [
        ["||"], ["&&"], ["==", "!=", "<", ">", "<=", ">="], ["??"], ["...", "..<"], ["+", "-"], ["*", "/", "%"],
    ]

    mutating func expression() throws(SpecError) -> SwiftExpr {
        try enter()
        defer { leave() }
        let condition = try binary(level: 0)
        // `c ? a : b` — a `?` right after a value with no space is optional chaining instead.
        guard isSymbol("?"), current.followsSpace else { return condition }
        advance()
        let whenTrue = try expression()
        try expect(":", "`:` and the value when the condition is false")
        let whenFalse = try expression()
        return SwiftExpr(kind: .ternary(condition, whenTrue, whenFalse), offset: condition.offset)
    }

    private mutating func binary(level: Int) throws(SpecError) -> SwiftExpr {
        guard level < Self.precedence.count else { return try prefixed() }
        var left = try binary(level: level + 1)
        while case .symbol(let op) = current.kind, Self.precedence[level].contains(op), isBinaryOperator {
            advance()
            let right = try binary(level: level + 1)
            left = SwiftExpr(kind: .binary(op, left, right), offset: left.offset)
        }
        return left
    }

    /// Swift reads an operator as binary when it has whitespace on both sides or on neither; a
    /// `-` starting a line starts a new statement.
    private var isBinaryOperator: Bool {
        if current.isSymbol("-"), current.followsNewline { return false }
        return current.followsSpace == peek().followsSpace || current.followsNewline
    }

    private mutating func prefixed() throws(SpecError) -> SwiftExpr {
        let offset = current.offset
        if isWord("try") || isWord("await") {
            advance()
            if isSymbol("?") || isSymbol("!"), !current.followsSpace { advance() }
            return try prefixed()
        }
        for op in ["-", "!", "&", "+"] where isSymbol(op) && !peek().followsSpace {
            advance()
            try enter()
            defer { leave() }
            let operand = try prefixed()
            return op == "&" || op == "+" ? operand : SwiftExpr(kind: .prefix(op, operand), offset: offset)
        }
        return try postfix(try primary())
    }

    private mutating func postfix(_ base: SwiftExpr) throws(SpecError) -> SwiftExpr {
        var value = base
        while true {
            if accept(".") {
                switch current.kind {
                case .identifier(let name):
                    advance()
                    value = SwiftExpr(kind: .member(value, name), offset: value.offset)
                case .number(let n, true):
                    advance()
                    value = SwiftExpr(kind: .member(value, String(Int(saturating: n))), offset: value.offset)
                default:
                    throw error(expected: "a member name after `.`")
                }
            } else if isSymbol("("), !current.followsNewline {
                value = SwiftExpr(kind: .call(value, try arguments(close: ")")), offset: value.offset)
            } else if isSymbol("["), !current.followsNewline, !current.followsSpace {
                value = SwiftExpr(kind: .subscripted(value, try arguments(close: "]")), offset: value.offset)
            } else if isSymbol("!") || isSymbol("?"), !current.followsSpace {
                advance()  // Force unwrap and optional chaining: values here are never nil by surprise.
            } else if isWord("as") || isWord("is") {
                advance()
                if isSymbol("?") || isSymbol("!") { advance() }
                _ = try type()
            } else if isSymbol("{"), !inConditionHead {
                value = try trailingClosures(after: value)
            } else {
                break
            }
        }
        return value
    }

    /// `callee { … } label: { … }`: the closures join the call's arguments (or make one).
    private mutating func trailingClosures(after callee: SwiftExpr) throws(SpecError) -> SwiftExpr {
        var base = callee
        var arguments: [SwiftArgument] = []
        if case .call(let inner, let list) = callee.kind {
            base = inner
            arguments = list
        }
        arguments.append(SwiftArgument(label: nil, value: try closure(), isTrailing: true))
        while let label = current.identifier, peek().isSymbol(":"), peek(2).isSymbol("{") {
            advance()
            advance()
            arguments.append(SwiftArgument(label: label, value: try closure(), isTrailing: true))
        }
        return SwiftExpr(kind: .call(base, arguments), offset: callee.offset)
    }

    /// `(label: value, …)` or `[…]`, from its opening bracket.
    mutating func arguments(close: String) throws(SpecError) -> [SwiftArgument] {
        advance()
        try enter()
        defer { leave() }
        let saved = inConditionHead
        inConditionHead = false
        defer { inConditionHead = saved }
        var list: [SwiftArgument] = []
        if accept(close) { return list }
        repeat {
            var label: String?
            if let word = current.identifier, peek().isSymbol(":") {
                label = word
                advance()
                advance()
            } else if current.kind == .identifier("_"), peek().isSymbol(":") {
                advance()
                advance()
            }
            list.append(SwiftArgument(label: label, value: try expression()))
        } while accept(",") && !isSymbol(close)
        try expect(close, "`,` or `\(close)`")
        return list
    }

    private mutating func primary() throws(SpecError) -> SwiftExpr {
        let token = current
        let at = { (kind: SwiftExpr.Kind) in SwiftExpr(kind: kind, offset: token.offset) }
        switch token.kind {
        case .number(let value, let isInteger):
            advance()
            return at(.number(value, isInteger: isInteger))
        case .string(let parts):
            advance()
            return at(.string(try pieces(parts)))
        case .binding(let name):
            advance()
            return at(.binding(name))
        case .identifier("true"), .identifier("false"):
            advance()
            return at(.bool(token.kind == .identifier("true")))
        case .identifier("nil"):
            advance()
            return at(.nil)
        case .identifier(let name) where ["if", "switch", "let", "var", "func", "struct", "return"].contains(name):
            throw error(expected: "a value")
        case .identifier(let name):
            advance()
            if isSymbol("<"), !current.followsSpace, let close = genericClose() { position = close + 1 }
            return at(.name(name))
        case .symbol("."):
            advance()
            return at(.implicitMember(try self.name("a member name after `.`, e.g. .center")))
        case .symbol("("):
            let list = try arguments(close: ")")
            if list.count == 1, list[0].label == nil { return SwiftExpr(kind: list[0].value.kind, offset: token.offset) }
            return at(.tuple(list))
        case .symbol("["):
            let list = try arguments(close: "]")
            if let labelled = list.first(where: { $0.label != nil }) {
                throw .syntax(
                    param: param, offset: labelled.value.offset, expected: "an array: dictionaries are not supported in templates",
                    found: "`\(labelled.label!):`")
            }
            return at(.array(list.map(\.value)))
        case .symbol("{"):
            return try closure()
        case .symbol("\\"):
            advance()
            var path: [String] = []
            if let root = current.identifier { path.append(root); advance() }
            while accept(".") { path.append(try self.name("a property name in the key path")) }
            return at(.keyPath(path))
        default:
            throw error(expected: "a value or a view")
        }
    }

    /// `Array<Int>`: the `>` closing a generic argument list right after a name, if it is one.
    private func genericClose() -> Int? {
        var index = position + 1
        while index < tokens.count, index < position + 16 {
            let token = tokens[index]
            if token.isSymbol(">") { return index }
            guard token.identifier != nil || token.isSymbol(",") || token.isSymbol(".") else { return nil }
            index += 1
        }
        return nil
    }

    /// A string literal's parts, its interpolations parsed as expressions.
    private mutating func pieces(_ parts: [SwiftStringPart]) throws(SpecError) -> [SwiftStringPiece] {
        var pieces: [SwiftStringPiece] = []
        for part in parts {
            switch part {
            case .text(let text):
                pieces.append(.text(text))
            case .code(let tokens):
                var inner = SwiftParser(tokens: tokens, param: param, scalars: scalars)
                inner.depth = depth
                guard tokens.count > 1 else {
                    throw .syntax(param: param, offset: tokens[0].offset, expected: "an expression in `\\( )`", found: "`)`")
                }
                let value = try inner.expression()
                guard inner.current.kind == .end else { throw inner.error(expected: "`)` to close the interpolation") }
                pieces.append(.expression(value))
            }
        }
        return pieces
    }

    /// `{ parameters in statements }`. Its body is parsed now; code a template cannot run keeps
    /// its error for when (if ever) the closure is run.
    mutating func closure() throws(SpecError) -> SwiftExpr {
        let offset = current.offset
        let close = try matchingClose()
        try enter()
        defer { leave() }
        var inner = SwiftParser(
            tokens: Array(tokens[(position + 1)..<close]) + [SwiftToken(kind: .end, offset: tokens[close].offset)], param: param, scalars: scalars)
        inner.depth = depth
        position = close
        advance()
        let parameters = inner.closureParameters()
        var statements: [SwiftStatement] = []
        do {
            while inner.current.kind != .end {
                if inner.accept(";") { continue }
                statements.append(try inner.statement())
            }
        } catch {
            if case .limitExceeded = error { throw error }
            return SwiftExpr(kind: .closure(SwiftClosure(parameters: parameters, body: .failure(error), offset: offset)), offset: offset)
        }
        return SwiftExpr(kind: .closure(SwiftClosure(parameters: parameters, body: .success(statements), offset: offset)), offset: offset)
    }

    /// `x in`, `x, y in`, `(x, y) in`, `_ in`, `(x: Int) -> Bool in` at a closure's start, or none.
    private mutating func closureParameters() -> [String] {
        let start = position
        var names: [String] = []
        if accept("(") {
            while !isSymbol(")"), current.kind != .end {
                if let word = current.identifier, names.count == 0 || tokens[position - 1].isSymbol(",") || tokens[position - 1].isSymbol("(") {
                    names.append(word)
                }
                advance()
            }
            advance()
            if accept("->") { while !isWord("in"), current.kind != .end, !current.followsNewline { advance() } }
        } else {
            while let word = current.identifier, word != "in" {
                names.append(word)
                advance()
                if !accept(",") { break }
            }
        }
        guard acceptWord("in") else {
            position = start
            return []
        }
        return names
    }
}
