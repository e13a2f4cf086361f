/// Runs a template's Swift for one request and gives its view as a `ChainSyntax`, which
/// `ChainBuilder` then checks and builds like any chain. Swift's values are computed here (numbers,
/// strings, arrays, `ForEach`, `if`, `switch`, functions, view structs, custom modifiers); SwiftUI's
/// values (`Color.red`, `.title`) pass through as chain expressions. Values never become text
/// that is parsed again, so nothing a request sends can be read as code.
///
/// Work is bounded: `maxSteps` evaluations, calls `maxCallDepth` deep, `maxElements` elements in
/// any array, range or `ForEach`, strings of `maxStringLength` characters.
struct TemplateEvaluator {
    let module: TemplateModule
    /// The request's parameter values, by name.
    let parameters: [String: TemplateValue]
    /// The locale of `Date.formatted()`.
    let locale: String
    let limits: SpecLimits
    /// The template's file name: the parameter errors are reported for.
    let param: String
    var steps = 0
    var callDepth = 0
    /// Module constants already computed, by file and name; and those being computed (cycles).
    var constants: [String: TemplateValue] = [:]
    var computing: Set<String> = []

    static let maxSteps = 200_000
    static let maxCallDepth = 32
    static let maxElements = 10_000
    static let maxStringLength = 65_536

    init(module: TemplateModule, parameters: [String: TemplateValue], locale: String, limits: SpecLimits, param: String) {
        self.module = module
        self.parameters = parameters
        self.locale = locale
        self.limits = limits
        self.param = param
    }

    func fail(_ offset: Int, _ message: String) -> SpecError {
        .argument(param: param, offset: offset, message: message)
    }

    mutating func step(_ offset: Int) throws(SpecError) {
        steps += 1
        guard steps <= Self.maxSteps else {
            throw .limitExceeded(param: param, message: "`\(param)` ran more than \(Self.maxSteps) steps (a loop too long?)")
        }
    }

    // MARK: the root

    /// The view of file `file`: its top-level `var body` or view expression, else the struct
    /// named like the file, else the struct its `#Preview` shows, else its only struct. Several
    /// views at the top are stacked vertically, as SwiftUI's root stacks a body's views.
    mutating func root(file: Int) throws(SpecError) -> ChainSyntax {
        let source = module.files[file]
        var scope = TemplateScope(file: file)
        let views: [ChainSyntax]
        if !source.statements.isEmpty {
            views = try self.views(try run(source.statements, &scope), at: TemplateOffset.make(file: file, scalar: 0))
        } else if let view = Self.rootStruct(of: source) {
            views = try instantiate(view, file: file, arguments: [], at: view.offset, fromRequest: true)
        } else {
            throw fail(
                TemplateOffset.make(file: file, scalar: 0),
                "the file shows no view: write a view, `var body: some View { … }` or `struct Name: View { … }`")
        }
        return try Self.single(views, at: TemplateOffset.make(file: file, scalar: 0), param: param)
    }

    /// The struct a file's template shows when it has no top-level view.
    static func rootStruct(of file: SwiftFile) -> SwiftViewStruct? {
        let structs = file.declarations.compactMap { if case .view(let s) = $0 { s } else { nil } }
        let normalized = file.name.lowercased().filter { $0.isLetter || $0.isNumber }
        return structs.first { $0.name.lowercased() == normalized }
            ?? file.previewedStruct.flatMap { name in structs.first { $0.name == name } }
            ?? (structs.count == 1 ? structs[0] : structs.first { $0.members["body"] != nil && structs.count > 1 && isPreviewLike($0, in: structs) })
    }

    /// With several structs and no preview, the one no other struct uses is the root.
    private static func isPreviewLike(_ view: SwiftViewStruct, in structs: [SwiftViewStruct]) -> Bool {
        !structs.contains { $0.name != view.name && $0.source.contains(view.name + "(") }
    }

    /// One view from several: a `VStack` of them, as SwiftUI lays out a body's top-level views.
    static func single(_ views: [ChainSyntax], at offset: Int, param: String) throws(SpecError) -> ChainSyntax {
        switch views.count {
        case 0: throw .argument(param: param, offset: offset, message: "the template shows no view")
        case 1: return views[0]
        default: return ChainSyntax(leaf: .stack(name: "VStack", arguments: [], children: views, offset: offset), modifiers: [], offset: offset)
        }
    }

    // MARK: statements

    /// Runs `statements`: a `return` gives its value; otherwise the values of the expression
    /// statements are the result, as a view builder collects them (one value alone is itself).
    mutating func run(_ statements: [SwiftStatement], _ scope: inout TemplateScope) throws(SpecError) -> TemplateValue {
        var collected: [TemplateValue] = []
        if let returned = try run(statements, &scope, into: &collected) { return returned ?? .nil }
        if collected.count == 1 { return collected[0] }
        var views: [ChainSyntax] = []
        for value in collected { views += try self.views(value, at: scope.offset) }
        return .views(views)
    }

    /// Runs `statements`, appending expression values to `collected`; the value of a `return`.
    private mutating func run(_ statements: [SwiftStatement], _ scope: inout TemplateScope, into collected: inout [TemplateValue]) throws(SpecError)
        -> TemplateValue??
    {
        for statement in statements {
            switch statement {
            case .expression(let e):
                let value = try evaluate(e, &scope)
                switch value {
                case .closure, .nil: continue
                default: collected.append(value)
                }
            case let .binding(name, _, value, _):
                scope.define(name, try value.map { (v) throws(SpecError) in try evaluate(v, &scope) } ?? .nil)
            case let .assignment(name, op, value, offset):
                var result = try evaluate(value, &scope)
                if op != "=" {
                    guard let old = scope.local(name) else { throw fail(offset, "`\(name)` is not a local variable") }
                    result = try binary(String(op.dropLast()), old, result, at: offset)
                }
                guard scope.assign(name, result) else {
                    throw fail(offset, "`\(name)` is not a local variable: templates change only their own `var`s")
                }
            case let .if(conditions, then, otherwise, _):
                scope.locals.append([:])
                let holds = try self.holds(conditions, &scope)
                if !holds { scope.locals[scope.locals.count - 1] = [:] }
                let branch = holds ? then : (otherwise ?? [])
                let returned = try run(branch, &scope, into: &collected)
                scope.locals.removeLast()
                if let returned { return returned }
            case let .switch(subject, cases, offset):
                let value = try evaluate(subject, &scope)
                guard let chosen = try choose(cases, for: value, &scope) else {
                    throw fail(
                        offset, "no case of the switch matches \((try? describe(value, at: offset)) ?? value.kindName) and it has no `default`")
                }
                scope.locals.append([:])
                let returned = try run(chosen.body, &scope, into: &collected)
                scope.locals.removeLast()
                if let returned { return returned }
            case let .for(name, sequence, body, offset):
                let value = try evaluate(sequence, &scope)
                for element in try elements(of: value, at: offset) {
                    try step(offset)
                    scope.locals.append([name: element])
                    let returned = try run(body, &scope, into: &collected)
                    scope.locals.removeLast()
                    if let returned { return returned }
                }
            case let .return(value, _):
                return .some(try value.map { (v) throws(SpecError) in try evaluate(v, &scope) })
            }
        }
        return nil
    }

    /// Whether an `if`'s conditions all hold, binding the names of its optional bindings.
    private mutating func holds(_ conditions: [SwiftCondition], _ scope: inout TemplateScope) throws(SpecError) -> Bool {
        for condition in conditions {
            switch condition {
            case .boolean(let e):
                guard try boolean(try evaluate(e, &scope), at: e.offset) else { return false }
            case let .optionalBinding(name, value):
                let bound = try evaluate(value, &scope)
                if case .nil = bound { return false }
                scope.define(name, bound)
            }
        }
        return true
    }

    /// The first case whose pattern matches `value`, or `default`.
    private mutating func choose(_ cases: [SwiftCase], for value: TemplateValue, _ scope: inout TemplateScope) throws(SpecError) -> SwiftCase? {
        for candidate in cases {
            if candidate.patterns.isEmpty { return candidate }
            for pattern in candidate.patterns {
                let expected = try evaluate(pattern, &scope)
                if case .range(let lower, let upper) = expected, case .int(let i) = value {
                    if (lower..<upper).contains(i) { return candidate }
                } else if try equal(value, expected, at: pattern.offset) {
                    return candidate
                }
            }
        }
        return nil
    }

    func boolean(_ value: TemplateValue, at offset: Int) throws(SpecError) -> Bool {
        guard case .bool(let b) = value else { throw fail(offset, "a condition must be a Boolean; got \(value.kindName)") }
        return b
    }

    /// The elements of an array or a range, at most `maxElements`.
    func elements(of value: TemplateValue, at offset: Int) throws(SpecError) -> [TemplateValue] {
        guard let count = value.elementCount, value.elements != nil || count > Self.maxElements else {
            throw fail(offset, "expected an array or a range; got \(value.kindName)")
        }
        guard count <= Self.maxElements else {
            throw .limitExceeded(param: param, message: "`\(param)`: a sequence of \(count) elements; the limit is \(Self.maxElements)")
        }
        return value.elements ?? []
    }
}
