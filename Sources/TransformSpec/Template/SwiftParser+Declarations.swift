/// Top-level and member declarations: what a file shares with its module.
extension SwiftParser {
    /// Words written before a declaration that change nothing for a still picture.
    static let declarationModifiers: Set<String> = [
        "private", "fileprivate", "public", "internal", "open", "final", "static", "nonisolated", "mutating", "override", "lazy", "weak", "unowned",
        "package", "dynamic", "indirect",
    ]

    mutating func file(name: String) throws(SpecError) -> SwiftFile {
        var file = SwiftFile(name: name)
        while current.kind != .end {
            if accept(";") { continue }
            let start = current.offset
            skipAttributesAndModifiers()
            switch current.kind {
            case .identifier("import"):
                advance()
                while !current.followsNewline, current.kind != .end, !isSymbol(";") { advance() }
            case .identifier("struct"):
                if let view = try structDeclaration(start: start) { file.declarations.append(.view(view)) }
            case .identifier("func"):
                file.declarations.append(.function(try function(start: start)))
            case .identifier("extension"):
                file.modifiers += try extensionDeclaration()
            case .identifier("enum"), .identifier("class"), .identifier("protocol"), .identifier("actor"):
                try skipTypeDeclaration()
            case .identifier("typealias"):
                advance()
                while !current.followsNewline, current.kind != .end { advance() }
            case .identifier("let"), .identifier("var"):
                if isWord("var"), peek().kind == .identifier("body"), peek(2).isSymbol(":") {
                    advance()
                    let body = try computedProperty(start: start)
                    file.statements += body.body
                    file.hasBody = true
                } else if isWord("var"), try isComputedProperty() {
                    advance()
                    file.declarations.append(.function(try computedProperty(start: start)))
                } else {
                    let property = try storedProperty()
                    file.declarations.append(.constant(property, source: source(from: start, to: current.offset)))
                }
            case .directive("Preview"):
                file.previewedStruct = try preview()
            case .directive(let name):
                throw error(expected: "a declaration or a view: `#\(name)` is not supported in a template")
            default:
                file.statements.append(try statement())
            }
        }
        return file
    }

    /// `@State`, `@Environment(\.x)`, `@MainActor`, `private`, `static`…: read past them.
    mutating func skipAttributesAndModifiers() {
        while true {
            if case .attribute = current.kind {
                advance()
                if isSymbol("("), !current.followsSpace, let close = try? matchingClose() { position = close + 1 }
            } else if let word = current.identifier, Self.declarationModifiers.contains(word) {
                advance()
                // `private(set)`.
                if isSymbol("("), let close = try? matchingClose() { position = close + 1 }
            } else {
                return
            }
        }
    }

    /// `struct Name<…>: View { … }`; a struct that is not a view (an `App`, a model) is skipped.
    mutating func structDeclaration(start: Int) throws(SpecError) -> SwiftViewStruct? {
        advance()
        let offset = current.offset
        let name = try self.name("the struct's name")
        var conformances: [String] = []
        while !isSymbol("{"), current.kind != .end {
            if let word = current.identifier { conformances.append(word) }
            advance()
        }
        guard conformances.contains("View") else {
            try skipGroup()
            return nil
        }
        try expect("{", "`{` to open the struct")
        var view = SwiftViewStruct(name: name, properties: [], members: [:], offset: offset, source: "")
        while !accept("}") {
            if current.kind == .end { throw error(expected: "`}` to close struct \(name)") }
            if accept(";") { continue }
            let memberStart = current.offset
            skipAttributesAndModifiers()
            switch current.kind {
            case .identifier("func"):
                let method = try function(start: memberStart)
                view.members[method.name] = method
            case .identifier("var") where try isComputedProperty():
                advance()
                let property = try computedProperty(start: memberStart)
                view.members[property.name] = property
            case .identifier("let"), .identifier("var"):
                view.properties.append(try storedProperty())
            case .identifier("init"), .identifier("struct"), .identifier("enum"), .identifier("class"), .identifier("typealias"):
                // A custom initializer or a nested type: views are made with memberwise initializers.
                while !isSymbol("{"), current.kind != .end { advance() }
                try skipGroup()
            default:
                throw error(expected: "a property, `var body: some View { … }` or a method in struct \(name)")
            }
        }
        view.source = source(from: start, to: tokens[position - 1].offset + 1)
        return view
    }

    /// Whether `var name: Type {` starts here (a computed property, not a stored one).
    func isComputedProperty() throws(SpecError) -> Bool {
        guard isWord("var"), peek().identifier != nil, peek(2).isSymbol(":") else { return false }
        var index = position + 3
        var nesting = 0
        while index < tokens.count {
            let token = tokens[index]
            if token.kind == .end || token.isSymbol("=") && nesting == 0 { return false }
            if token.isSymbol("(") || token.isSymbol("[") || token.isSymbol("<") { nesting += 1 }
            if token.isSymbol(")") || token.isSymbol("]") || token.isSymbol(">") { nesting -= 1 }
            if token.isSymbol("{") && nesting == 0 { return true }
            if token.followsNewline && index > position + 3 { return false }
            index += 1
        }
        return false
    }

    /// `name: Type { statements }` after `var` (a computed property: a function of no arguments).
    mutating func computedProperty(start: Int) throws(SpecError) -> SwiftFunction {
        let offset = current.offset
        let name = try self.name("the property's name")
        try expect(":", "`:` and the property's type")
        _ = try type()
        let body = try block()
        return SwiftFunction(name: name, parameters: [], body: body, offset: offset, source: source(from: start, to: tokens[position - 1].offset + 1))
    }

    /// `let name: Type = value`, `var name = value`, `let name: Type`.
    mutating func storedProperty() throws(SpecError) -> SwiftProperty {
        let isConstant = advance().kind == .identifier("let")
        let offset = current.offset
        let name = try self.name("a name after `\(isConstant ? "let" : "var")`")
        var type: String?
        if accept(":") { type = try self.type() }
        var value: SwiftExpr?
        if accept("=") { value = try expression() }
        try endStatement()
        return SwiftProperty(name: name, type: type, value: value, isConstant: isConstant, offset: offset)
    }

    /// `func name<…>(label name: Type = default, …) -> Type { statements }`.
    mutating func function(start: Int) throws(SpecError) -> SwiftFunction {
        advance()
        let offset = current.offset
        let name = try self.name("the function's name")
        if isSymbol("<") { while !accept(">"), current.kind != .end { advance() } }
        try expect("(", "`(` and the function's parameters")
        var parameters: [SwiftParameter] = []
        while !accept(")") {
            skipAttributesAndModifiers()
            let first = try self.name("a parameter name")
            let second = current.identifier
            if second != nil { advance() }
            try expect(":", "`:` and the parameter's type")
            let type = try self.type()
            var defaultValue: SwiftExpr?
            if accept("=") { defaultValue = try expression() }
            parameters.append(SwiftParameter(label: first == "_" ? nil : first, name: second ?? first, type: type, defaultValue: defaultValue))
            if !accept(",") {
                try expect(")", "`,` or `)` after a parameter")
                break
            }
        }
        while !isSymbol("{"), current.kind != .end { advance() }
        let body = try block()
        return SwiftFunction(
            name: name, parameters: parameters, body: body, offset: offset, source: source(from: start, to: tokens[position - 1].offset + 1))
    }

    /// `extension View { func name(…) -> some View { … } }`: custom modifiers. Other extensions are skipped.
    mutating func extensionDeclaration() throws(SpecError) -> [SwiftFunction] {
        advance()
        let extended = try name("the extended type")
        while !isSymbol("{"), current.kind != .end { advance() }
        guard extended == "View" else {
            try skipGroup()
            return []
        }
        try expect("{", "`{` to open the extension")
        var functions: [SwiftFunction] = []
        while !accept("}") {
            if current.kind == .end { throw error(expected: "`}` to close the extension") }
            if accept(";") { continue }
            let start = current.offset
            skipAttributesAndModifiers()
            if isWord("func") {
                functions.append(try function(start: start))
            } else {
                while !isSymbol("{"), current.kind != .end, !isSymbol("}") { advance() }
                if isSymbol("{") { try skipGroup() }
            }
        }
        return functions
    }

    /// `enum`, `class`, `protocol`, `actor`: nothing a view template draws, skipped whole.
    mutating func skipTypeDeclaration() throws(SpecError) {
        while !isSymbol("{"), current.kind != .end { advance() }
        try skipGroup()
    }

    /// `#Preview { Name() }` or `#Preview("title") { … }`: the struct it shows, if it shows one by name.
    mutating func preview() throws(SpecError) -> String? {
        advance()
        if isSymbol("("), !current.followsSpace { try skipGroup() }
        guard isSymbol("{") else { return nil }
        let close = try matchingClose()
        var shown: String?
        for index in (position + 1)..<close {
            if let word = tokens[index].identifier, word.first?.isUppercase == true, tokens[index + 1].isSymbol("(") {
                shown = word
                break
            }
        }
        position = close
        advance()
        return shown
    }

    /// A type as written (`String`, `some View`, `[Color]`, `() -> Content`), read up to the `=`,
    /// `,`, `)` or `{` that follows it; returned without spaces.
    mutating func type() throws(SpecError) -> String {
        var text = ""
        var nesting = 0
        while current.kind != .end {
            if nesting == 0,
                isSymbol("=") || isSymbol(",") || isSymbol(")") || isSymbol("{") || isSymbol("}") || isSymbol(";")
                    || (current.followsNewline && !text.isEmpty && !isSymbol("->"))
            {
                break
            }
            if isSymbol("(") || isSymbol("[") || isSymbol("<") { nesting += 1 }
            if isSymbol(")") || isSymbol("]") || isSymbol(">") { nesting -= 1 }
            switch current.kind {
            case .identifier(let word): text += text.last?.isLetter == true ? " " + word : word
            case .symbol(let s): text += s
            case .attribute(let a): text += "@" + a + " "
            default: throw error(expected: "a type")
            }
            advance()
        }
        guard !text.isEmpty else { throw error(expected: "a type") }
        return text
    }
}
