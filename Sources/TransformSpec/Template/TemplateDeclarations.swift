/// The `let name = "value"` lines at the top of a view template, in Swift's own syntax: each names
/// a parameter and gives its default (a request may leave it out). Comments and blank lines may come
/// between them; the first other line starts the view. The lines are blanked in `body`, which keeps
/// every offset, line and column of the rest for error messages.
struct TemplateDeclarations {
    /// A declared parameter: its name, default, and where the name stands (a scalar offset).
    struct Declaration {
        let name: String
        let value: String
        let offset: Int
    }

    private(set) var names: [Declaration] = []
    /// The template text with the declaration lines turned into spaces.
    let body: String

    init(_ text: String, file: String) throws(TemplateError) {
        var scalars = Array(text.unicodeScalars)
        var lineStart = 0
        var line = 1
        while lineStart < scalars.count {
            let lineEnd = scalars[lineStart...].firstIndex(of: "\n") ?? scalars.count
            let content = String(String.UnicodeScalarView(scalars[lineStart..<lineEnd]))
            let trimmed = content.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("//") {
                // Blank lines and comments between declarations.
            } else if trimmed.hasPrefix("let ") {
                let indent = content.unicodeScalars.count - trimmed.unicodeScalars.count
                let declaration = try Self.declaration(String(trimmed), file: file, line: line, column: indent + 1, offset: lineStart + indent)
                guard !names.contains(where: { $0.name == declaration.name }) else {
                    throw .invalid(file: file, line: line, column: indent + 1, message: "`\(declaration.name)` is declared twice")
                }
                names.append(declaration)
                for index in lineStart..<lineEnd { scalars[index] = " " }
            } else {
                break
            }
            lineStart = lineEnd + 1
            line += 1
        }
        body = String(String.UnicodeScalarView(scalars))
    }

    /// `let name = "value"` (a plain string literal, escapes allowed, no interpolation), optionally
    /// followed by a `//` comment.
    private static func declaration(_ text: String, file: String, line: Int, column: Int, offset: Int) throws(TemplateError) -> Declaration {
        let expected = "a parameter's default is `let name = \"value\"`: a name of letters, digits and `_`, and a string literal"
        let afterLet = text.dropFirst(4).drop { $0 == " " }
        let name = String(afterLet.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        let rest = afterLet.dropFirst(name.count).drop { $0 == " " }
        guard let first = name.unicodeScalars.first, !("0"..."9").contains(first), rest.hasPrefix("=") else {
            throw .invalid(file: file, line: line, column: column, message: expected)
        }
        var lexer = ChainLexer(String(rest.dropFirst()), param: file)
        let tokens: [ChainToken]
        do {
            tokens = try lexer.tokenize()
        } catch {
            throw .invalid(file: file, line: line, column: column, message: expected)
        }
        guard tokens.count == 2, case .string(let value) = tokens[0].kind, tokens[1].kind == .end else {
            throw .invalid(file: file, line: line, column: column, message: expected)
        }
        return Declaration(name: name, value: value, offset: offset + (text.unicodeScalars.count - afterLet.unicodeScalars.count))
    }
}
