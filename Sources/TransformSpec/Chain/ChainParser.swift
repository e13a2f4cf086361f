/// Parses chain text in Swift syntax into a `ChainSyntax` tree (no meaning yet; see `ChainBuilder`).
///
/// Grammar (whitespace anywhere; the first modifier's dot is optional when there is no leaf):
/// ```
/// chain    := view? ('.' modifier)* ('+' chain)*    -- no view: the request's own image; `+` joins Texts
/// view     := 'Image' '(' args ')' | 'Color' '.' name | 'Color' '(' args ')' | gradient '(' args ')'
///           | ('Rectangle' | 'RoundedRectangle' | 'Circle' | 'Ellipse' | 'Capsule' | 'Spacer' | 'Divider' | 'Text' | 'TextField') '(' args ')'
///           | 'Button' ('(' args ')')? (closure ('label' ':' closure)?)?   -- trailing closures become `action:`/`label:`
///           | 'Label' ('(' args ')')? (closure (name ':' closure)*)?      -- the first closure becomes `title:`
///           | ('HStack' | 'VStack' | 'ZStack' | 'Group' | 'Grid' | 'GridRow') ('(' args ')')? '{' body '}' | '(' chain ')'
/// gradient := 'LinearGradient' | 'RadialGradient' | 'EllipticalGradient' | 'AngularGradient'
/// body     := (child (sep child)* ';'?)?      sep := ';' | a line break    child := view ('.' modifier)*
/// modifier := name ('(' args ')')? ('{' chain '}' | '{' name 'in' expr '}')?   -- at least one; the
///             closure form `{ d in … }` belongs to alignmentGuide, `{ chain }` to overlay/background
/// args     := (arg (',' arg)*)?      arg := (label ':')? expr
/// expr     := term (('/' | '*') term)*
/// closure  := '{' chain? '}'                 -- a Button's action (empty) or label (one view)
/// term     := number | '-' term | string | '$' name | closure | nil | true | false | '.' name ('(' args ')')? | Type('.' name)*
///           | Type '(' args ')' | Type '.' name '(' args ')' | '[' expr (',' expr)* ']' | term '.' name '(' args ')'
/// ```
/// A line break ends a child only when the next token does not continue its chain with `.`, as in
/// Swift, so a modifier may start a new line. Depth, children per container and total nodes are
/// bounded by `SpecLimits` while parsing.
struct ChainParser {
    var tokens: [ChainToken]
    var position = 0
    let param: String
    let limits: SpecLimits
    /// Current nesting of overlay/background content (`maxNesting`).
    var contentDepth = 0
    /// Current nesting of view bodies of any kind (`maxDepth`).
    var viewDepth = 0
    /// Views and modifiers seen so far (`maxNodes`).
    var nodeCount = 0

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
        let chain = try parser.chain(in: nil)
        if parser.isPunctuation(";") || parser.current.followsNewline && parser.current.kind != .end {
            throw parser.error(expected: "one view: put several in an HStack, VStack or ZStack { … }")
        }
        try parser.expect(.end, "`.` and a modifier, or the end of the chain")
        return chain
    }

    var current: ChainToken { tokens[position] }

    func peek(_ ahead: Int = 1) -> ChainToken {
        tokens[min(position + ahead, tokens.count - 1)]
    }

    mutating func advance() -> ChainToken {
        defer { if position < tokens.count - 1 { position += 1 } }
        return current
    }

    func isPunctuation(_ c: Character, _ token: ChainToken? = nil) -> Bool {
        (token ?? current).kind == .punctuation(c)
    }

    mutating func accept(_ c: Character) -> Bool {
        guard isPunctuation(c) else { return false }
        position += 1
        return true
    }

    mutating func expect(_ kind: ChainToken.Kind, _ what: String) throws(SpecError) {
        guard current.kind == kind else { throw error(expected: what) }
        if kind != .end { position += 1 }
    }

    func error(expected: String) -> SpecError {
        .syntax(param: param, offset: current.offset, expected: expected, found: current.display)
    }

    mutating func identifier(_ what: String) throws(SpecError) -> (String, Int) {
        guard case .identifier(let name) = current.kind else { throw error(expected: what) }
        return (name, advance().offset)
    }

    /// Counts one view or modifier against `maxNodes`.
    mutating func countNode(at offset: Int) throws(SpecError) {
        nodeCount += 1
        guard nodeCount <= limits.maxNodes else {
            throw .limitExceeded(
                param: param,
                message: "`\(param)` at offset \(offset): more than \(limits.maxNodes) views and modifiers; the limit is \(limits.maxNodes)")
        }
    }

    /// Enters a `{ … }` body of `name` at `offset`, checking `maxDepth`.
    mutating func enterBody(_ name: String, at offset: Int) throws(SpecError) {
        viewDepth += 1
        guard viewDepth <= limits.maxDepth else {
            throw .limitExceeded(
                param: param,
                message: "`\(param)`: `\(name)` at offset \(offset) nests views \(viewDepth) levels deep; the limit is \(limits.maxDepth)")
        }
    }

    // MARK: chain and modifiers

    /// Whether `current` ends a chain inside a body: `}`, `;`, or a token on a new line that does
    /// not continue the chain with `.`.
    private var endsChildChain: Bool {
        isPunctuation("}") || isPunctuation(";") || isPunctuation(")") || isPunctuation("+") || current.kind == .end
            || current.followsNewline && !isPunctuation(".")
    }

    /// A chain; `context` names the modifier or container whose `{ … }` it is in, or `nil` at the top level.
    mutating func chain(in context: String?) throws(SpecError) -> ChainSyntax {
        let nested = context != nil
        let start = current.offset
        try countNode(at: start)
        let leaf = try leafIfPresent()
        if nested && leaf == nil {
            throw error(expected: "a view to start the content: Image(\"name\"), Color.red, a shape, Text(…), Spacer() or a stack")
        }
        var modifiers: [ModifierSyntax] = []
        while nested ? !endsChildChain : current.kind != .end && !isPunctuation("+") {
            let dotOptional = leaf == nil && modifiers.isEmpty
            if !nested, isPunctuation(";") || current.followsNewline && !isPunctuation(".") && !dotOptional { break }
            if !accept("."), !dotOptional {
                if current.kind == .identifier("Text") {
                    throw error(expected: "`+` between Texts (in a URL query a raw `+` reads as a space: write it %2B)")
                }
                throw error(expected: nested ? "`.` and a modifier, `;`, a new line or `}`" : "`.` and a modifier, or the end of the chain")
            }
            try countNode(at: current.offset)
            modifiers.append(try modifier())
        }
        let operand = ChainSyntax(leaf: leaf, modifiers: modifiers, offset: start)
        guard isPunctuation("+") else { return operand }
        // `Text(…) + Text(…)`: modifiers bind tighter than `+`, as in Swift.
        var parts = [operand]
        while accept("+") {
            let next = try chain(in: "+")
            if case .concatenation(let more)? = next.leaf, next.modifiers.isEmpty { parts += more } else { parts.append(next) }
        }
        return ChainSyntax(leaf: .concatenation(parts), modifiers: [], offset: start)
    }

    private mutating func modifier() throws(SpecError) -> ModifierSyntax {
        let (name, offset) = try identifier("a modifier name, e.g. frame, padding, resizable")
        var arguments: [Argument] = []
        let hasParentheses = isPunctuation("(")
        if hasParentheses { arguments = try parenthesizedArguments(after: name) }
        var content: ChainSyntax?
        var guide: GuideClosureSyntax?
        if isPunctuation("{"), name == "alignmentGuide" {
            guide = try guideClosure()
        } else if accept("{") {
            contentDepth += 1
            guard contentDepth <= limits.maxNesting else {
                throw .limitExceeded(param: param, message: "`\(param)` nests content more than \(limits.maxNesting) levels deep")
            }
            try enterBody(name, at: offset)
            content = try chain(in: name)
            if isPunctuation(";") || current.followsNewline && !isPunctuation("}") {
                throw error(expected: "`}`: the content of \(name) is one view; put several in a ZStack { … }")
            }
            try expect(.punctuation("}"), "`}` to close the content of \(name)")
            contentDepth -= 1
            viewDepth -= 1
        }
        guard hasParentheses || content != nil || guide != nil else { throw error(expected: "`(` after `\(name)`") }
        return ModifierSyntax(name: name, offset: offset, arguments: arguments, hasParentheses: hasParentheses, content: content, guide: guide)
    }

    /// `{ _ in 20 }` or `{ d in d.height * 0.5 }`.
    private mutating func guideClosure() throws(SpecError) -> GuideClosureSyntax {
        let offset = advance().offset
        let (parameter, _) = try identifier("a closure parameter, e.g. { d in d.height * 0.5 } or { _ in 20 }")
        guard current.kind == .identifier("in") else { throw error(expected: "`in` after the closure parameter") }
        position += 1
        let body = try expression()
        try expect(.punctuation("}"), "`}` to close the alignment guide's closure")
        return GuideClosureSyntax(parameter: parameter, body: body, offset: offset)
    }
}
