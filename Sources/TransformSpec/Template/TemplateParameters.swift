/// A template's parameter: a value a request gives in its query, by name.
public struct TemplateParameter: Sendable, Equatable {
    /// How the query's text is read: as text, a number, an ISO 8601 date, `true`/`false`, or a
    /// colour (a SwiftUI colour's name or `#rrggbb`).
    public enum Kind: String, Sendable {
        case text, number, date, bool, color
    }

    public let name: String
    public var kind: Kind
    /// The default written in the template, as query text; nil when it has none or it is computed.
    public let defaultValue: String?
    /// Whether a request must give it.
    public let isRequired: Bool
    /// Where it is first declared or used (`TemplateOffset`).
    let offset: Int
}

/// Finds a template's parameters by reading its code (every branch, not only the one a request
/// takes): the root file's `let name = "text"` lines, the root struct's stored properties of
/// plain types (`@State private var name: String = ""`), and the names the code reads that no
/// scope and no file of the module defines (`playerName`), typed by how they are used
/// (`.formatted()` on a date, arithmetic on a number, a condition on a Boolean, a function's
/// parameter of type `Date`). Names read only inside a button's action are not parameters.
struct TemplateParameterFinder {
    let module: TemplateModule
    private(set) var found: [TemplateParameter] = []
    private var visited: Set<String> = []

    /// The code's view of names: those bound locally, and the running struct's members.
    private struct Scope {
        var bound: [Set<String>] = [[]]
        var file: Int
        var members: Set<String> = []
        /// The root struct's properties of a type the folder does not declare (`let message:
        /// Message`): each property read from them (`message.content`) is a parameter.
        var models: Set<String> = []

        func binds(_ name: String) -> Bool { members.contains(name) || bound.contains { $0.contains(name) } }
        mutating func bind(_ name: String) { bound[bound.count - 1].insert(name) }
    }

    init(module: TemplateModule, root: Int) {
        self.module = module
        let file = module.files[root]
        for case .constant(let property, _) in file.declarations {
            if let value = property.value, case .string(let pieces) = value.kind, let text = Self.literalText(pieces) {
                declare(property.name, .text, defaultValue: text, isRequired: false, at: property.offset)
            }
        }
        var scope = Scope(file: root)
        if !file.statements.isEmpty {
            statements(file.statements, &scope)
        } else if let view = TemplateEvaluator.rootStruct(of: file) {
            var models: Set<String> = []
            for property in view.properties {
                guard let kind = Self.kind(of: property) else {
                    if property.value == nil, let type = property.type, !module.declares(type) { models.insert(property.name) }
                    continue
                }
                declare(
                    property.name, kind, defaultValue: property.value.flatMap(Self.literal), isRequired: property.value == nil, at: property.offset)
            }
            visited.insert("\(root):\(view.name)")
            viewStruct(view, file: root, models: models)
        }
    }

    private mutating func declare(_ name: String, _ kind: TemplateParameter.Kind, defaultValue: String?, isRequired: Bool, at offset: Int) {
        guard !found.contains(where: { $0.name == name }) else { return }
        found.append(TemplateParameter(name: name, kind: kind, defaultValue: defaultValue, isRequired: isRequired, offset: offset))
    }

    /// Records a free name, or refines its kind (a use that says more than text wins).
    private mutating func use(_ name: String, _ kind: TemplateParameter.Kind?, at offset: Int) {
        if let index = found.firstIndex(where: { $0.name == name }) {
            if let kind, found[index].kind == .text, found[index].defaultValue == nil { found[index].kind = kind }
            return
        }
        declare(name, kind ?? .text, defaultValue: nil, isRequired: true, at: offset)
    }

    /// A property's kind when it is a plain value a query can give.
    private static func kind(of property: SwiftProperty) -> TemplateParameter.Kind? {
        if let type = property.type { return kind(ofType: type) }
        switch property.value?.kind {
        case .string(let pieces)? where literalText(pieces) != nil: return .text
        case .number?: return .number
        case .bool?: return .bool
        default: return nil
        }
    }

    static func kind(ofType type: String) -> TemplateParameter.Kind? {
        switch type.hasSuffix("?") ? String(type.dropLast()) : type {
        case "String": .text
        case "Int", "Double", "CGFloat", "Float": .number
        case "Date": .date
        case "Bool": .bool
        case "Color": .color
        default: nil
        }
    }

    private static func literalText(_ pieces: [SwiftStringPiece]) -> String? {
        var text = ""
        for piece in pieces {
            guard case .text(let t) = piece else { return nil }
            text += t
        }
        return text
    }

    private static func literal(_ e: SwiftExpr) -> String? {
        switch e.kind {
        case .string(let pieces): literalText(pieces)
        case .number(let n, let isInteger): isInteger ? Int(exactly: n).map(String.init) : TemplateEvaluator.swiftDescription(n)
        case .bool(let b): b ? "true" : "false"
        default: nil
        }
    }

    // MARK: walking the code

    private mutating func declaration(_ name: String, from file: Int) -> Bool {
        guard let found = try? module.declaration(name, from: file, at: 0) else { return module.declares(name) }
        let key = "\(found.file):\(name)"
        guard visited.insert(key).inserted else { return true }
        switch found.declaration {
        case .constant(let property, _):
            var scope = Scope(file: found.file)
            if let value = property.value { expression(value, &scope) }
        case .function(let function):
            self.function(function, file: found.file, members: [])
        case .view(let view):
            viewStruct(view, file: found.file)
        }
        return true
    }

    private mutating func function(_ function: SwiftFunction, file: Int, members: Set<String>, models: Set<String> = []) {
        var scope = Scope(file: file, members: members, models: models)
        for parameter in function.parameters {
            if let value = parameter.defaultValue { expression(value, &scope) }
            scope.bind(parameter.name)
        }
        statements(function.body, &scope)
    }

    private mutating func viewStruct(_ view: SwiftViewStruct, file: Int, models: Set<String> = []) {
        let members = Set(view.properties.map(\.name)).union(view.members.keys)
        var scope = Scope(file: file, members: members, models: models)
        for property in view.properties { if let value = property.value { expression(value, &scope) } }
        for name in view.members.keys.sorted() { function(view.members[name]!, file: file, members: members, models: models) }
    }

    private mutating func statements(_ list: [SwiftStatement], _ scope: inout Scope) {
        for statement in list {
            switch statement {
            case .expression(let e):
                expression(e, &scope)
            case let .binding(name, _, value, _):
                if let value { expression(value, &scope) }
                scope.bind(name)
            case let .assignment(_, _, value, _):
                expression(value, &scope)
            case let .if(conditions, then, otherwise, _):
                scope.bound.append([])
                for condition in conditions {
                    switch condition {
                    case .boolean(let e):
                        hint(e, .bool, &scope)
                        expression(e, &scope)
                    case let .optionalBinding(name, value):
                        expression(value, &scope)
                        scope.bind(name)
                    }
                }
                statements(then, &scope)
                scope.bound.removeLast()
                if let otherwise { block(otherwise, &scope) }
            case let .switch(subject, cases, _):
                expression(subject, &scope)
                for c in cases {
                    for pattern in c.patterns { expression(pattern, &scope) }
                    block(c.body, &scope)
                }
            case let .for(name, sequence, body, _):
                expression(sequence, &scope)
                scope.bound.append([name])
                statements(body, &scope)
                scope.bound.removeLast()
            case .return(let value, _):
                if let value { expression(value, &scope) }
            }
        }
    }

    private mutating func block(_ list: [SwiftStatement], _ scope: inout Scope) {
        scope.bound.append([])
        statements(list, &scope)
        scope.bound.removeLast()
    }

    /// Notes that `e`, if a free name or a model's property, is used as a `kind`.
    private mutating func hint(_ e: SwiftExpr, _ kind: TemplateParameter.Kind, _ scope: inout Scope) {
        if let name = freePath(e, &scope) { use(name, kind, at: e.offset) }
    }

    /// Properties every value has, never a model's own.
    private static let builtinProperties: Set<String> = ["count", "isEmpty", "first", "last", "description", "formatted", "uppercased", "lowercased"]

    /// The parameter `e` reads, if any: a free name (`playerName`), or a property of a model the
    /// folder does not declare (`person.fullName`, `message.content`).
    private mutating func freePath(_ e: SwiftExpr, _ scope: inout Scope) -> String? {
        switch e.kind {
        case .name(let name):
            return isFree(name, &scope) ? name : nil
        case let .member(base, property):
            guard case .name(let root) = base.kind, !Self.builtinProperties.contains(property) else { return nil }
            let isModel = scope.models.contains(root) && !scope.bound.contains { $0.contains(root) }
            return isModel || isFree(root, &scope) ? root + "." + property : nil
        default:
            return nil
        }
    }

    private mutating func isFree(_ name: String, _ scope: inout Scope) -> Bool {
        guard let first = name.unicodeScalars.first, !first.properties.isUppercase, first != "$", name != "self", !scope.binds(name) else {
            return false
        }
        return !declaration(name, from: scope.file)
    }

    private mutating func expression(_ e: SwiftExpr, _ scope: inout Scope) {
        switch e.kind {
        case .name(let name), .binding(let name):
            if isFree(name, &scope) { use(name, nil, at: e.offset) }
        case .string(let pieces):
            for case .expression(let inner) in pieces { expression(inner, &scope) }
        case .member(let base, let name):
            if let path = freePath(e, &scope) { return use(path, nil, at: e.offset) }
            if name == "formatted" { hint(base, .date, &scope) }
            expression(base, &scope)
        case let .call(callee, arguments):
            call(callee, arguments, &scope)
        case let .subscripted(base, arguments):
            expression(base, &scope)
            for argument in arguments {
                hint(argument.value, .number, &scope)
                expression(argument.value, &scope)
            }
        case let .binary(op, a, b):
            let kind: TemplateParameter.Kind? = ["&&", "||"].contains(op) ? .bool : ["+", "==", "!=", "??"].contains(op) ? nil : .number
            if let kind {
                hint(a, kind, &scope)
                hint(b, kind, &scope)
            }
            expression(a, &scope)
            expression(b, &scope)
        case let .prefix(op, operand):
            hint(operand, op == "!" ? .bool : .number, &scope)
            expression(operand, &scope)
        case let .ternary(c, a, b):
            hint(c, .bool, &scope)
            for part in [c, a, b] { expression(part, &scope) }
        case .array(let items):
            for item in items { expression(item, &scope) }
        case .tuple(let items):
            for item in items { expression(item.value, &scope) }
        case .closure(let closure):
            guard case .success(let body) = closure.body else { return }
            scope.bound.append(Set(closure.parameters))
            statements(body, &scope)
            scope.bound.removeLast()
        case .number, .bool, .nil, .implicitMember, .keyPath:
            break
        }
    }

    /// A call: a button's action and an ignored modifier's arguments are never run; an argument
    /// passed to a module function's typed parameter takes that type.
    private mutating func call(_ callee: SwiftExpr, _ arguments: [SwiftArgument], _ scope: inout Scope) {
        var callName = ""
        switch callee.kind {
        case .name(let name):
            callName = name
            if !scope.binds(name), let found = try? module.declaration(name, from: scope.file, at: 0) {
                _ = declaration(name, from: scope.file)
                typeArguments(arguments, of: found.declaration, &scope)
            }
        case .member(let base, let name):
            expression(base, &scope)
            if StillPicture.ignoredModifiers.contains(name) { return }
            if name == "formatted" { hint(base, .date, &scope) }
            if Self.colourModifiers.contains(name), let first = arguments.first, first.label == nil { hint(first.value, .color, &scope) }
            if let custom = try? module.modifier(name, from: scope.file, at: 0), visited.insert("\(custom.file):.\(name)").inserted {
                function(custom.function, file: custom.file, members: [])
            }
        default:
            expression(callee, &scope)
        }
        let hasAction = arguments.contains { $0.label == "action" }
        for argument in arguments where !TemplateEvaluator.isAction(argument, in: callName, hasActionArgument: hasAction) {
            expression(argument.value, &scope)
        }
    }

    /// Modifiers whose unlabelled first argument is a colour (or another shape style).
    private static let colourModifiers: Set<String> = ["fill", "foregroundStyle", "foregroundColor", "stroke", "strokeBorder", "border", "tint"]

    /// Free names passed to a function's or struct's typed parameters take those types.
    private mutating func typeArguments(_ arguments: [SwiftArgument], of declaration: SwiftDeclaration, _ scope: inout Scope) {
        let types: [(label: String?, type: String)] =
            switch declaration {
            case .function(let f): f.parameters.map { ($0.label, $0.type) }
            case .view(let v): v.properties.map { ($0.name, $0.type ?? "") }
            case .constant: []
            }
        for argument in arguments {
            guard let type = types.first(where: { $0.label == argument.label })?.type, let kind = Self.kind(ofType: type) else { continue }
            hint(argument.value, kind, &scope)
        }
    }
}
