/// Statements: bindings, assignments, `if`, `switch`, `for`, `return` and expressions.
extension SwiftParser {
    /// `{ statements }`.
    mutating func block() throws(SpecError) -> [SwiftStatement] {
        try expect("{", "`{`")
        try enter()
        defer { leave() }
        var statements: [SwiftStatement] = []
        while !accept("}") {
            if current.kind == .end { throw error(expected: "`}`") }
            if accept(";") { continue }
            statements.append(try statement())
        }
        return statements
    }

    mutating func statement() throws(SpecError) -> SwiftStatement {
        let offset = current.offset
        switch current.kind {
        case .identifier("let"), .identifier("var"):
            let property = try storedProperty()
            return .binding(name: property.name, type: property.type, value: property.value, offset: property.offset)
        case .identifier("if"):
            return try ifStatement()
        case .identifier("switch"):
            advance()
            let subject = try conditionHead { (p) throws(SpecError) in try p.expression() }
            return .switch(subject, cases: try switchCases(), offset: offset)
        case .identifier("for"):
            advance()
            let name = try self.name("the loop variable after `for`")
            guard acceptWord("in") else { throw error(expected: "`in` after the loop variable") }
            let sequence = try conditionHead { (p) throws(SpecError) in try p.expression() }
            return .for(name: name, sequence: sequence, body: try block(), offset: offset)
        case .identifier("return"):
            advance()
            if atStatementEnd { return .return(nil, offset: offset) }
            let value = try expression()
            try endStatement()
            return .return(value, offset: offset)
        case .identifier("guard"), .identifier("while"), .identifier("repeat"), .identifier("do"), .identifier("defer"), .identifier("throw"):
            throw error(expected: "a view or a `let`, `if`, `switch`, `for` or `return` statement (templates run no `\(current.identifier!)`)")
        case .identifier(let name)
        where peek().isSymbol("=") || peek().isSymbol("+=") || peek().isSymbol("-=") || peek().isSymbol("*=") || peek().isSymbol("/="):
            advance()
            guard case .symbol(let op) = advance().kind else { throw error(expected: "an assignment") }
            let value = try expression()
            try endStatement()
            return .assignment(name: name, operator: op, value: value, offset: offset)
        default:
            let value = try expression()
            try endStatement()
            return .expression(value)
        }
    }

    /// Parses with trailing closures off: `{` after an `if`/`switch`/`for` head opens its body.
    mutating func conditionHead<T>(_ parse: (inout SwiftParser) throws(SpecError) -> T) throws(SpecError) -> T {
        let saved = inConditionHead
        inConditionHead = true
        defer { inConditionHead = saved }
        return try parse(&self)
    }

    /// `if c, let x = v { … } else if … { … } else { … }`.
    private mutating func ifStatement() throws(SpecError) -> SwiftStatement {
        let offset = advance().offset
        var conditions: [SwiftCondition] = []
        repeat {
            if isWord("let") || isWord("var") {
                advance()
                let name = try self.name("a name after `let`")
                if accept("=") {
                    conditions.append(.optionalBinding(name: name, value: try conditionHead { (p) throws(SpecError) in try p.expression() }))
                } else {
                    conditions.append(.optionalBinding(name: name, value: SwiftExpr(kind: .name(name), offset: offset)))
                }
            } else {
                conditions.append(.boolean(try conditionHead { (p) throws(SpecError) in try p.expression() }))
            }
        } while accept(",")
        let then = try block()
        var otherwise: [SwiftStatement]?
        if acceptWord("else") {
            otherwise = isWord("if") ? [try ifStatement()] : try block()
        }
        return .if(conditions: conditions, then: then, otherwise: otherwise, offset: offset)
    }

    /// `{ case a, b: statements … default: statements }`.
    private mutating func switchCases() throws(SpecError) -> [SwiftCase] {
        try expect("{", "`{` to open the switch")
        try enter()
        defer { leave() }
        var cases: [SwiftCase] = []
        while !accept("}") {
            var patterns: [SwiftExpr] = []
            if acceptWord("default") {
                try expect(":", "`:` after `default`")
            } else if acceptWord("case") {
                repeat { patterns.append(try expression()) } while accept(",")
                try expect(":", "`:` after the case's patterns")
            } else {
                throw error(expected: "`case` or `default` in the switch")
            }
            var body: [SwiftStatement] = []
            while !isWord("case"), !isWord("default"), !isSymbol("}") {
                if current.kind == .end { throw error(expected: "`}` to close the switch") }
                if accept(";") { continue }
                body.append(try statement())
            }
            cases.append(SwiftCase(patterns: patterns, body: body))
        }
        return cases
    }
}
