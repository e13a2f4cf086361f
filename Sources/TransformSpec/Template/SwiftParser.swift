/// Parses the Swift of a template file into `SwiftFile`: declarations (constants, view structs,
/// functions, `extension View` modifiers), top-level statements and `#Preview`. It reads the subset
/// of Swift that describes views; what a still picture never runs (a button's action, an `init`,
/// an `enum`) is skipped by matching its braces, so code that is not that subset may stand there.
///
/// Statements (`SwiftParser+Statements.swift`) and expressions (`SwiftParser+Expressions.swift`)
/// follow Swift's grammar and precedence; nesting is bounded by `maxDepth` so no input can
/// exhaust the stack.
struct SwiftParser {
    var tokens: [SwiftToken]
    var position = 0
    let param: String
    /// The file's text, for the source of declarations.
    let scalars: [Unicode.Scalar]
    /// Current nesting of expressions, statements and closures.
    var depth = 0
    /// Set while parsing an `if`, `switch` or `for` head, where `{` opens the body (Swift does not
    /// take trailing closures there).
    var inConditionHead = false

    /// How deep expressions, blocks and closures may nest.
    static let maxDepth = 64

    init(tokens: [SwiftToken], param: String, scalars: [Unicode.Scalar]) {
        self.tokens = tokens
        self.param = param
        self.scalars = scalars
    }

    /// Parses the template file `text`, numbered `file` in its module.
    static func parse(_ text: String, name: String, param: String, file: Int) throws(SpecError) -> SwiftFile {
        var lexer = SwiftLexer(text, param: param, file: file)
        var parser = SwiftParser(tokens: try lexer.tokenize(), param: param, scalars: Array(text.unicodeScalars))
        let file = try parser.file(name: name)
        try rejectDuplicates(file.declarations.map { ($0.name, $0.offset) }, param: param)
        try rejectDuplicates(file.modifiers.map { ($0.name, $0.offset) }, param: param)
        return file
    }

    /// A name declared twice in one file is an error at the second declaration, as Swift's
    /// "invalid redeclaration" is.
    private static func rejectDuplicates(_ names: [(name: String, offset: Int)], param: String) throws(SpecError) {
        var seen: Set<String> = []
        for (name, offset) in names where !seen.insert(name).inserted {
            throw .argument(param: param, offset: offset, message: "`\(name)` is declared twice in this file: rename or remove one")
        }
    }

    var current: SwiftToken { tokens[position] }

    func peek(_ ahead: Int = 1) -> SwiftToken { tokens[min(position + ahead, tokens.count - 1)] }

    @discardableResult
    mutating func advance() -> SwiftToken {
        defer { if position < tokens.count - 1 { position += 1 } }
        return current
    }

    func isSymbol(_ s: String) -> Bool { current.isSymbol(s) }
    func isWord(_ word: String) -> Bool { current.kind == .identifier(word) }

    mutating func accept(_ s: String) -> Bool {
        guard isSymbol(s) else { return false }
        advance()
        return true
    }

    mutating func acceptWord(_ word: String) -> Bool {
        guard isWord(word) else { return false }
        advance()
        return true
    }

    mutating func expect(_ s: String, _ what: String) throws(SpecError) {
        guard accept(s) else { throw error(expected: what) }
    }

    func error(expected: String) -> SpecError {
        .syntax(param: param, offset: current.offset, expected: expected, found: current.display)
    }

    mutating func name(_ what: String) throws(SpecError) -> String {
        guard let name = current.identifier else { throw error(expected: what) }
        advance()
        return name
    }

    mutating func enter() throws(SpecError) {
        depth += 1
        guard depth <= Self.maxDepth else {
            throw .limitExceeded(
                param: param,
                message: "`\(param)` at offset \(TemplateOffset.scalar(current.offset)): code nests more than \(Self.maxDepth) levels deep")
        }
    }

    mutating func leave() { depth -= 1 }

    /// The index of the `}` (or `)`, `]`) matching the opening bracket at `position`.
    func matchingClose() throws(SpecError) -> Int {
        let pairs: [String: String] = ["{": "}", "(": ")", "[": "]"]
        guard case .symbol(let open) = current.kind, let close = pairs[open] else { throw error(expected: "a bracket") }
        var nesting = 0
        var index = position
        while index < tokens.count {
            let token = tokens[index]
            if token.isSymbol(open) { nesting += 1 }
            if token.isSymbol(close) {
                nesting -= 1
                if nesting == 0 { return index }
            }
            if token.kind == .end { break }
            index += 1
        }
        throw error(expected: "`\(close)` to close this `\(open)`")
    }

    /// Skips a bracketed group (`{ … }`, `( … )`) whole.
    mutating func skipGroup() throws(SpecError) {
        position = try matchingClose()
        advance()
    }

    /// The file's text between two token offsets (a declaration's source).
    func source(from start: Int, to end: Int) -> String {
        let a = TemplateOffset.scalar(start)
        let b = min(TemplateOffset.scalar(end), scalars.count)
        guard a < b else { return "" }
        return String(String.UnicodeScalarView(scalars[a..<b]))
    }

    /// Whether the statement ended: `;`, a line break, `}` or the end.
    var atStatementEnd: Bool {
        isSymbol(";") || isSymbol("}") || current.kind == .end || current.followsNewline
    }

    mutating func endStatement() throws(SpecError) {
        if accept(";") { return }
        guard atStatementEnd else { throw error(expected: "a line break or `;` after the statement") }
    }
}
