/// A templates folder read as a Swift module: every file's top-level declarations are visible to
/// every file. Listings are excerpts, so it forgives what a compiler would not: a file's own
/// declarations come first (several files may each declare their own `SignInView`), and a name
/// declared in several other files is ambiguous only when the declarations differ.
public struct TemplateModule: Sendable {
    /// The parsed files, numbered as their offsets are (`TemplateOffset`).
    let files: [SwiftFile]
    /// Each file's text, for line and column numbers in messages.
    let texts: [String]
    /// Declarations by name, with the files that declare them.
    private let declarations: [String: [(file: Int, declaration: SwiftDeclaration)]]
    /// `extension View` modifiers by name, with their files.
    private let modifiers: [String: [(file: Int, function: SwiftFunction)]]

    /// Parses `files` (name without `.swift`, text). A file that does not parse makes the module
    /// fail only for that file's own template: the others are still served.
    public init(files: [(name: String, text: String)]) {
        var parsed: [SwiftFile] = []
        var failures: [Int: SpecError] = [:]
        for (index, file) in files.enumerated() {
            do {
                parsed.append(try SwiftParser.parse(file.text, name: file.name, param: ViewTemplate.fileName(file.name), file: index))
            } catch {
                failures[index] = error
                parsed.append(SwiftFile(name: file.name))
            }
        }
        self.files = parsed
        texts = files.map(\.text)
        self.failures = failures
        var declarations: [String: [(file: Int, declaration: SwiftDeclaration)]] = [:]
        var modifiers: [String: [(file: Int, function: SwiftFunction)]] = [:]
        for (index, file) in parsed.enumerated() {
            for declaration in file.declarations { declarations[declaration.name, default: []].append((index, declaration)) }
            for function in file.modifiers { modifiers[function.name, default: []].append((index, function)) }
        }
        self.declarations = declarations
        self.modifiers = modifiers
    }

    /// Why a file did not parse, by file number.
    let failures: [Int: SpecError]

    /// The number of the file named `name`.
    func fileIndex(_ name: String) -> Int? { files.firstIndex { $0.name == name } }

    /// The declaration `name` as file `from` sees it: its own first, then the one other files agree
    /// on. Several different declarations in other files are an error naming them.
    ///
    /// A top-level `let name = "text"` is its own file's parameter (with that default), so other
    /// files do not see it.
    func declaration(_ name: String, from file: Int, at offset: Int) throws(SpecError) -> (file: Int, declaration: SwiftDeclaration)? {
        let visible = (declarations[name] ?? []).filter { $0.file == file || !$0.declaration.isParameterDefault }
        return try resolve(visible, name: name, from: file, at: offset) { $0.source }
    }

    /// The `extension View` modifier `name` as file `from` sees it.
    func modifier(_ name: String, from file: Int, at offset: Int) throws(SpecError) -> (file: Int, function: SwiftFunction)? {
        try resolve(modifiers[name] ?? [], name: name, from: file, at: offset) { $0.source }
    }

    /// Whether any file declares `name` (a declaration or a modifier).
    func declares(_ name: String) -> Bool { declarations[name]?.contains { !$0.declaration.isParameterDefault } == true || modifiers[name] != nil }

    private func resolve<D>(_ candidates: [(file: Int, declaration: D)], name: String, from file: Int, at offset: Int, source: (D) -> String)
        throws(SpecError) -> (file: Int, declaration: D)?
    {
        if let own = candidates.first(where: { $0.file == file }) { return own }
        guard let first = candidates.first else { return nil }
        let different = candidates.filter { source($0.declaration) != source(first.declaration) }
        guard different.isEmpty else {
            let names = Set(candidates.map { ViewTemplate.fileName(files[$0.file].name) }).sorted()
            throw .argument(
                param: ViewTemplate.fileName(files[file].name), offset: offset,
                message: "`\(name)` is declared differently in \(names.joined(separator: ", ")); declare it in this file, or keep one declaration")
        }
        return first
    }

    private func resolve(
        _ candidates: [(file: Int, function: SwiftFunction)], name: String, from file: Int, at offset: Int, source: (SwiftFunction) -> String
    ) throws(SpecError) -> (file: Int, function: SwiftFunction)? {
        let mapped = candidates.map { (file: $0.file, declaration: $0.function) }
        return try resolve(mapped, name: name, from: file, at: offset, source: source).map { (file: $0.file, function: $0.declaration) }
    }

    /// Line and column (1-based) and file name of a module offset.
    func location(_ offset: Int) -> (file: String, line: Int, column: Int)? {
        let index = TemplateOffset.file(offset)
        guard index < texts.count else { return nil }
        var line = 1
        var column = 1
        for scalar in texts[index].unicodeScalars.prefix(TemplateOffset.scalar(offset)) {
            if scalar == "\n" { (line, column) = (line + 1, 1) } else { column += 1 }
        }
        return (ViewTemplate.fileName(files[index].name), line, column)
    }
}
