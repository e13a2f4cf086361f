/// A token of the chain language with the character offset where it starts.
struct ChainToken: Equatable {
    enum Kind: Equatable {
        case identifier(String)
        case number(Double)
        case string(String)
        /// A string literal with `\(name)` interpolations (view templates).
        case interpolated([StringSegment])
        /// `$name`: a binding to state, a template parameter in a view template.
        case binding(String)
        case punctuation(Character)
        case end
    }

    var kind: Kind
    var offset: Int
    /// Whether a line break comes between this token and the one before: a statement separator
    /// in a view body, as in Swift (`%0A` in a URL).
    var followsNewline = false

    /// How the token reads in an error message.
    var display: String {
        switch kind {
        case .identifier(let name): "`\(name)`"
        case .number(let value): "`\(value)`"
        case .string(let text): "\"\(text)\""
        case .interpolated(let segments): "\"\(segments.map(\.source).joined())\""
        case .binding(let name): "`$\(name)`"
        case .punctuation(let c): "`\(c)`"
        case .end: "end of chain"
        }
    }
}

extension ChainToken.Kind {
    /// Whether this is an identifier starting with an upper-case letter, as view and type names do.
    var identifierStartsUppercase: Bool {
        guard case .identifier(let name) = self, let first = name.unicodeScalars.first else { return false }
        return first.properties.isUppercase
    }
}

/// Splits chain text into tokens: identifiers, numbers, string literals and punctuation, with
/// whitespace and `//` line comments ignored (a comment ends at a line break, which still separates
/// children). Offsets count Unicode scalars from 0.
struct ChainLexer {
    private let scalars: [Unicode.Scalar]
    private let param: String
    private var index = 0

    init(_ text: String, param: String) {
        self.scalars = Array(text.unicodeScalars)
        self.param = param
    }

    static let punctuation: Set<Character> = [".", "(", ")", ",", ":", "{", "}", "[", "]", "-", "/", "*", ";", "+"]

    mutating func tokenize() throws(SpecError) -> [ChainToken] {
        var tokens: [ChainToken] = []
        while true {
            let newline = skipWhitespace()
            guard index < scalars.count else {
                tokens.append(ChainToken(kind: .end, offset: index, followsNewline: newline))
                return tokens
            }
            var token = try next()
            token.followsNewline = newline
            tokens.append(token)
        }
    }

    /// Skips whitespace and `//` comments and tells whether they held a line break. `//` is never
    /// valid chain syntax otherwise (`/` divides two values), so comments need no other context.
    private mutating func skipWhitespace() -> Bool {
        var newline = false
        while index < scalars.count {
            let c = scalars[index]
            if c == "\n" || c == "\r" {
                newline = true
            } else if c == "/", index + 1 < scalars.count, scalars[index + 1] == "/" {
                while index < scalars.count, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
                continue
            } else if !c.properties.isWhitespace {
                break
            }
            index += 1
        }
        return newline
    }

    private mutating func next() throws(SpecError) -> ChainToken {
        let start = index
        let c = scalars[index]
        if c == "_" || c.properties.isAlphabetic && c.isASCII {
            while index < scalars.count,
                scalars[index] == "_" || scalars[index].isASCII && scalars[index].properties.isAlphabetic
                    || ("0"..."9").contains(scalars[index])
            {
                index += 1
            }
            return ChainToken(kind: .identifier(String(String.UnicodeScalarView(scalars[start..<index]))), offset: start)
        }
        if ("0"..."9").contains(c) { return try number(start) }
        if c == "\"" { return try string(start) }
        if c == "$" { return try binding(start) }
        if Self.punctuation.contains(Character(c)) {
            index += 1
            return ChainToken(kind: .punctuation(Character(c)), offset: start)
        }
        throw .syntax(param: param, offset: start, expected: "a modifier, a value or punctuation", found: "`\(c)`")
    }

    /// `$name`: a Swift identifier right after the `$`, as a binding's projected value is written.
    private mutating func binding(_ start: Int) throws(SpecError) -> ChainToken {
        index += 1
        let nameStart = index
        while index < scalars.count,
            scalars[index] == "_" || scalars[index].isASCII && scalars[index].properties.isAlphabetic
                || index > nameStart && ("0"..."9").contains(scalars[index])
        {
            index += 1
        }
        guard index > nameStart else {
            throw .syntax(param: param, offset: nameStart, expected: "a state name after `$`, e.g. text: $name", found: foundAt(nameStart))
        }
        return ChainToken(kind: .binding(String(String.UnicodeScalarView(scalars[nameStart..<index]))), offset: start)
    }

    /// Decimal literal: digits, optional fraction, optional exponent; `_` separators allowed as in Swift.
    private mutating func number(_ start: Int) throws(SpecError) -> ChainToken {
        var text = ""
        func digits() {
            while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "_" {
                if scalars[index] != "_" { text.unicodeScalars.append(scalars[index]) }
                index += 1
            }
        }
        digits()
        if index + 1 < scalars.count, scalars[index] == ".", ("0"..."9").contains(scalars[index + 1]) {
            text += "."
            index += 1
            digits()
        }
        if index < scalars.count, scalars[index] == "e" || scalars[index] == "E" {
            text += "e"
            index += 1
            if index < scalars.count, scalars[index] == "+" || scalars[index] == "-" {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            let before = text.count
            digits()
            if text.count == before {
                throw .syntax(param: param, offset: index, expected: "exponent digits", found: foundAt(index))
            }
        }
        guard let value = Double(text) else {
            throw .syntax(param: param, offset: start, expected: "a number", found: "`\(text)`")
        }
        return ChainToken(kind: .number(value), offset: start)
    }

    /// A double-quoted string with Swift's simple escapes (`\"`, `\\`, `\n`, `\t`) and `\(name)`
    /// interpolations; a string with interpolations is an `.interpolated` token.
    private mutating func string(_ start: Int) throws(SpecError) -> ChainToken {
        index += 1
        var segments: [StringSegment] = []
        var text = String.UnicodeScalarView()
        while index < scalars.count {
            let c = scalars[index]
            index += 1
            switch c {
            case "\"":
                if segments.isEmpty { return ChainToken(kind: .string(String(text)), offset: start) }
                if !text.isEmpty { segments.append(.text(String(text))) }
                return ChainToken(kind: .interpolated(segments), offset: start)
            case "\\":
                guard index < scalars.count else { break }
                let escaped = scalars[index]
                index += 1
                switch escaped {
                case "\"", "\\": text.append(escaped)
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "(":
                    let offset = index - 2
                    if !text.isEmpty { segments.append(.text(String(text))) }
                    text = String.UnicodeScalarView()
                    segments.append(.parameter(try interpolatedName(), offset: offset))
                default:
                    throw .syntax(
                        param: param, offset: index - 2, expected: "an escape (\\\" \\\\ \\n \\t) or an interpolation \\(name)",
                        found: "`\\\(escaped)`")
                }
            default:
                text.append(c)
            }
        }
        throw .syntax(param: param, offset: start, expected: "a closing `\"` for this string", found: "end of chain")
    }

    /// The identifier and `)` after `\(`: only a parameter name, so a template's strings can hold
    /// values but never expressions.
    private mutating func interpolatedName() throws(SpecError) -> String {
        func skipSpaces() { while index < scalars.count, scalars[index] == " " { index += 1 } }
        skipSpaces()
        let start = index
        while index < scalars.count,
            scalars[index] == "_" || scalars[index].isASCII && scalars[index].properties.isAlphabetic
                || index > start && ("0"..."9").contains(scalars[index])
        {
            index += 1
        }
        let name = String(String.UnicodeScalarView(scalars[start..<index]))
        guard !name.isEmpty else {
            throw .syntax(
                param: param, offset: start, expected: "a parameter name (a Swift identifier such as `title`) after `\\(`", found: foundAt(start))
        }
        skipSpaces()
        guard index < scalars.count, scalars[index] == ")" else {
            throw .syntax(
                param: param, offset: index, expected: "`)` after the parameter name `\(name)`: interpolations hold a name only",
                found: foundAt(index))
        }
        index += 1
        return name
    }

    private func foundAt(_ i: Int) -> String {
        i < scalars.count ? "`\(scalars[i])`" : "end of chain"
    }
}
