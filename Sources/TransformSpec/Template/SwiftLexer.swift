import CheckedConversion

/// Splits a template file into `SwiftToken`s: names, numbers, strings with `\(…)` interpolations
/// (single-line and `"""` multi-line), attributes, directives and Swift's operators. Whitespace,
/// `//` comments and nested `/* */` comments are skipped, noting line breaks (statement ends).
struct SwiftLexer {
    private let scalars: [Unicode.Scalar]
    private let param: String
    private let file: Int
    private var index: Int
    private let end: Int

    /// Interpolations nest at most this deep (`"\("\("…")")"`).
    static let maxNesting = 8

    init(_ text: String, param: String, file: Int) {
        scalars = Array(text.unicodeScalars)
        self.param = param
        self.file = file
        index = 0
        end = scalars.count
    }

    private init(scalars: [Unicode.Scalar], param: String, file: Int, start: Int, end: Int) {
        self.scalars = scalars
        self.param = param
        self.file = file
        index = start
        self.end = end
    }

    /// Operators of more than one character, longest first (maximal munch as Swift does).
    private static let operators = ["...", "..<", "->", "==", "!=", "<=", ">=", "&&", "||", "??", "+=", "-=", "*=", "/="]
    private static let singles: Set<Unicode.Scalar> = [
        ".", "(", ")", ",", ":", "{", "}", "[", "]", "-", "+", "*", "/", "%", ";", "=", "<", ">", "!", "?", "&", "|", "\\", "^", "~",
    ]

    mutating func tokenize(depth: Int = 0) throws(SpecError) -> [SwiftToken] {
        var tokens: [SwiftToken] = []
        while true {
            let (newline, space) = try skipWhitespace()
            guard index < end else {
                tokens.append(SwiftToken(kind: .end, offset: offset(index), followsNewline: newline, followsSpace: space))
                return tokens
            }
            var token = try next(depth: depth)
            token.followsNewline = newline
            token.followsSpace = space || newline
            tokens.append(token)
        }
    }

    private func offset(_ i: Int) -> Int { TemplateOffset.make(file: file, scalar: i) }

    private func fail(_ at: Int, _ expected: String) -> SpecError {
        .syntax(param: param, offset: offset(at), expected: expected, found: at < end ? "`\(scalars[at])`" : "the end of the file")
    }

    private mutating func skipWhitespace() throws(SpecError) -> (newline: Bool, space: Bool) {
        var newline = false
        let start = index
        while index < end {
            let c = scalars[index]
            if c == "\n" || c == "\r" {
                newline = true
            } else if c == "/", index + 1 < end, scalars[index + 1] == "/" {
                while index < end, scalars[index] != "\n", scalars[index] != "\r" { index += 1 }
                continue
            } else if c == "/", index + 1 < end, scalars[index + 1] == "*" {
                try skipBlockComment()
                continue
            } else if !c.properties.isWhitespace {
                break
            }
            index += 1
        }
        return (newline, index > start)
    }

    /// `/* … */`, which nests in Swift.
    private mutating func skipBlockComment() throws(SpecError) {
        let start = index
        var depth = 0
        while index + 1 < end {
            if scalars[index] == "/", scalars[index + 1] == "*" {
                depth += 1
                index += 2
            } else if scalars[index] == "*", scalars[index + 1] == "/" {
                depth -= 1
                index += 2
                if depth == 0 { return }
            } else {
                index += 1
            }
        }
        throw fail(start, "`*/` to close this comment")
    }

    private static func isNameStart(_ c: Unicode.Scalar) -> Bool { c == "_" || c.properties.isAlphabetic }
    private static func isNamePart(_ c: Unicode.Scalar) -> Bool { isNameStart(c) || ("0"..."9").contains(c) }

    private mutating func name() -> String {
        let start = index
        while index < end, Self.isNamePart(scalars[index]) { index += 1 }
        return String(String.UnicodeScalarView(scalars[start..<index]))
    }

    private mutating func next(depth: Int) throws(SpecError) -> SwiftToken {
        let start = index
        let c = scalars[index]
        if Self.isNameStart(c) { return SwiftToken(kind: .identifier(name()), offset: offset(start)) }
        if c == "`" {
            index += 1
            let quoted = name()
            guard !quoted.isEmpty, index < end, scalars[index] == "`" else { throw fail(index, "a name and a closing backtick") }
            index += 1
            return SwiftToken(kind: .identifier(quoted), offset: offset(start))
        }
        if ("0"..."9").contains(c) { return try number(start) }
        if c == "\"" { return try string(start, depth: depth) }
        if c == "@" || c == "#" || c == "$" {
            index += 1
            guard index < end, Self.isNamePart(scalars[index]) else { throw fail(index, "a name after `\(c)`") }
            let word = name()
            let kind: SwiftToken.Kind =
                c == "@" ? .attribute(word) : c == "#" ? .directive(word) : word.first!.isNumber ? .identifier("$" + word) : .binding(word)
            return SwiftToken(kind: kind, offset: offset(start))
        }
        for op in Self.operators where matches(op) {
            index += op.unicodeScalars.count
            return SwiftToken(kind: .symbol(op), offset: offset(start))
        }
        guard Self.singles.contains(c) else { throw fail(start, "Swift: a name, a number, a string or an operator") }
        index += 1
        return SwiftToken(kind: .symbol(String(Character(c))), offset: offset(start))
    }

    private func matches(_ op: String) -> Bool {
        var i = index
        for s in op.unicodeScalars {
            guard i < end, scalars[i] == s else { return false }
            i += 1
        }
        return true
    }

    /// Decimal (with `_` separators, a fraction and an exponent) or `0x` hexadecimal.
    private mutating func number(_ start: Int) throws(SpecError) -> SwiftToken {
        if scalars[index] == "0", index + 1 < end, scalars[index + 1] == "x" {
            index += 2
            var value: Double = 0
            let digitsStart = index
            while index < end, let digit = Int(String(scalars[index]), radix: 16) {
                value = value * 16 + Double(digit)
                index += 1
            }
            guard index > digitsStart else { throw fail(index, "hexadecimal digits") }
            return SwiftToken(kind: .number(value, isInteger: true), offset: offset(start))
        }
        var text = ""
        var isInteger = true
        func digits() {
            while index < end, ("0"..."9").contains(scalars[index]) || scalars[index] == "_" {
                if scalars[index] != "_" { text.unicodeScalars.append(scalars[index]) }
                index += 1
            }
        }
        digits()
        if index + 1 < end, scalars[index] == ".", ("0"..."9").contains(scalars[index + 1]) {
            text += "."
            isInteger = false
            index += 1
            digits()
        }
        if index < end, scalars[index] == "e" || scalars[index] == "E" {
            text += "e"
            isInteger = false
            index += 1
            if index < end, scalars[index] == "+" || scalars[index] == "-" {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            digits()
        }
        guard let value = Double(text) else { throw fail(start, "a number") }
        return SwiftToken(kind: .number(value, isInteger: isInteger), offset: offset(start))
    }

    /// `"…"` or `"""…"""` with Swift's escapes and `\(expression)` interpolations. A multi-line
    /// string drops the line breaks after its opening and before its closing delimiter and the
    /// closing delimiter's indentation from every line, as Swift does.
    private mutating func string(_ start: Int, depth: Int) throws(SpecError) -> SwiftToken {
        let multiline = matches("\"\"\"")
        index += multiline ? 3 : 1
        if multiline {
            while index < end, scalars[index] == " " || scalars[index] == "\t" { index += 1 }
            guard index < end, scalars[index] == "\n" else { throw fail(index, "a line break after `\"\"\"`") }
            index += 1
        }
        var parts: [SwiftStringPart] = []
        var text = String.UnicodeScalarView()
        while index < end {
            let c = scalars[index]
            if multiline ? matches("\"\"\"") : c == "\"" {
                index += multiline ? 3 : 1
                if !text.isEmpty || parts.isEmpty { parts.append(.text(String(text))) }
                return SwiftToken(kind: .string(multiline ? Self.dedented(parts) : parts), offset: offset(start))
            }
            if !multiline, c == "\n" { break }
            index += 1
            guard c == "\\" else {
                text.append(c)
                continue
            }
            guard index < end else { break }
            let escaped = scalars[index]
            index += 1
            switch escaped {
            case "\"", "\\", "'": text.append(escaped)
            case "n": text.append("\n")
            case "t": text.append("\t")
            case "r": text.append("\r")
            case "0": text.append("\0")
            case "u":
                guard index < end, scalars[index] == "{" else { throw fail(index, "`{` after \\u") }
                let close = scalars[index...].firstIndex(of: "}") ?? end
                guard close < end, let code = UInt32(String(String.UnicodeScalarView(scalars[(index + 1)..<close])), radix: 16),
                    let scalar = Unicode.Scalar(code)
                else {
                    throw fail(index, "a Unicode scalar in hexadecimal, \\u{1F600}")
                }
                text.append(scalar)
                index = close + 1
            case "(":
                if !text.isEmpty { parts.append(.text(String(text))) }
                text = String.UnicodeScalarView()
                parts.append(.code(try interpolation(depth: depth)))
            default:
                throw fail(index - 2, "an escape (\\\" \\\\ \\n \\t \\u{…}) or an interpolation \\(…)")
            }
        }
        throw fail(start, "a closing `\"` for this string")
    }

    /// The tokens of `\( … )` up to its matching `)`, with `.end` in place of that `)`.
    private mutating func interpolation(depth: Int) throws(SpecError) -> [SwiftToken] {
        guard depth < Self.maxNesting else { throw fail(index, "interpolations nested at most \(Self.maxNesting) deep") }
        let start = index
        var nesting = 0
        var probe = SwiftLexer(scalars: scalars, param: param, file: file, start: start, end: end)
        var tokens: [SwiftToken] = []
        while true {
            let (newline, space) = try probe.skipWhitespace()
            guard probe.index < end else { throw fail(start, "`)` to close this interpolation") }
            var token = try probe.next(depth: depth + 1)
            token.followsNewline = newline
            token.followsSpace = space
            if token.isSymbol("(") { nesting += 1 }
            if token.isSymbol(")") {
                if nesting == 0 {
                    tokens.append(SwiftToken(kind: .end, offset: token.offset))
                    index = probe.index
                    return tokens
                }
                nesting -= 1
            }
            tokens.append(token)
        }
    }

    /// A multi-line string's text without the closing delimiter's indentation and final line break.
    private static func dedented(_ parts: [SwiftStringPart]) -> [SwiftStringPart] {
        guard case .text(let last)? = parts.last, let lastBreak = last.lastIndex(of: "\n") else { return parts }
        let indent = last[last.index(after: lastBreak)...]
        guard indent.allSatisfy({ $0 == " " || $0 == "\t" }) else { return parts }
        var result = parts
        result[result.count - 1] = .text(String(last[..<lastBreak]))
        guard !indent.isEmpty else { return result }
        var atLineStart = true
        return result.map { part in
            guard case .text(let text) = part else {
                atLineStart = false
                return part
            }
            var out = ""
            var rest = Substring(text)
            while !rest.isEmpty {
                if atLineStart, rest.hasPrefix(indent) { rest = rest.dropFirst(indent.count) }
                atLineStart = false
                let line = rest.prefix { $0 != "\n" }
                out += line
                rest = rest.dropFirst(line.count)
                if rest.first == "\n" {
                    out += "\n"
                    rest = rest.dropFirst()
                    atLineStart = true
                }
            }
            return .text(out)
        }
    }
}
