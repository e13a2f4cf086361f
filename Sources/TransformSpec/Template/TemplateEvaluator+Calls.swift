/// Calls: closures, the module's functions and view structs, methods on values, and SwiftUI.
extension TemplateEvaluator {
    mutating func call(_ callee: SwiftExpr, _ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int) throws(SpecError)
        -> TemplateValue
    {
        switch callee.kind {
        case .name(let name):
            if let local = scope.local(name) {
                guard case .closure(let closure) = local else { throw fail(offset, "`\(name)` is \(local.kindName), not a function") }
                return try invoke(closure, try values(arguments, &scope), at: offset)
            }
            if let instance = scope.instance, let method = instance.view.members[name] {
                return try invoke(method, file: instance.file, arguments: arguments, instance: instance, receiver: nil, caller: &scope, at: offset)
            }
            if let found = try module.declaration(name, from: scope.file, at: offset) {
                switch found.declaration {
                case .function(let function):
                    return try invoke(function, file: found.file, arguments: arguments, instance: nil, receiver: nil, caller: &scope, at: offset)
                case .view(let view):
                    return .views(try instantiate(view, file: found.file, arguments: arguments, caller: &scope, at: offset))
                case .constant:
                    let value = try lookup(name, &scope, at: offset)
                    guard case .closure(let closure) = value else { throw fail(offset, "`\(name)` is \(value.kindName), not a function") }
                    return try invoke(closure, try values(arguments, &scope), at: offset)
                }
            }
            if let receiver = scope.receiver, let first = name.unicodeScalars.first, !first.properties.isUppercase {
                return try modify(receiver, name, arguments, &scope, at: offset)
            }
            return try swiftUICall(name, arguments, &scope, at: offset)
        case let .member(base, name):
            if case .name("self") = base.kind, scope.receiver == nil, let instance = scope.instance, let method = instance.view.members[name] {
                return try invoke(method, file: instance.file, arguments: arguments, instance: instance, receiver: nil, caller: &scope, at: offset)
            }
            return try method(try evaluate(base, &scope), name, arguments, &scope, at: offset)
        case .implicitMember(let name):
            return .swiftUI(Expression(kind: .memberCall(name, arguments: try chainArguments(arguments, &scope)), offset: offset))
        default:
            let value = try evaluate(callee, &scope)
            guard case .closure(let closure) = value else { throw fail(offset, "\(value.kindName) cannot be called") }
            return try invoke(closure, try values(arguments, &scope), at: offset)
        }
    }

    /// The arguments' values, in order.
    mutating func values(_ arguments: [SwiftArgument], _ scope: inout TemplateScope) throws(SpecError) -> [TemplateValue] {
        var values: [TemplateValue] = []
        for argument in arguments { values.append(try evaluate(argument.value, &scope)) }
        return values
    }

    /// Runs a closure with `arguments` (`$0`, `$1` when it names none; a tuple spreads over its names).
    mutating func invoke(_ closure: TemplateClosure, _ arguments: [TemplateValue], at offset: Int) throws(SpecError) -> TemplateValue {
        let statements: [SwiftStatement]
        switch closure.closure.body {
        case .success(let body): statements = body
        case .failure(let error): throw error
        }
        var frame: [String: TemplateValue] = [:]
        var spread = arguments
        if closure.closure.parameters.count > 1, arguments.count == 1, case .tuple(let items) = arguments[0] { spread = items.map(\.value) }
        if closure.closure.parameters.isEmpty {
            for (index, value) in spread.enumerated() { frame["$\(index)"] = value }
        } else {
            for (index, name) in closure.closure.parameters.enumerated() where name != "_" && index < spread.count { frame[name] = spread[index] }
        }
        var scope = closure.scope
        scope.locals.append(frame)
        return try nested(at: offset) { (this) throws(SpecError) in try this.run(statements, &scope) }
    }

    /// Runs `body` one call deeper, bounded by `maxCallDepth`.
    mutating func nested<T>(at offset: Int, _ body: (inout TemplateEvaluator) throws(SpecError) -> T) throws(SpecError) -> T {
        callDepth += 1
        defer { callDepth -= 1 }
        guard callDepth <= Self.maxCallDepth else {
            throw .argument(
                param: param, offset: offset, message: "calls nest more than \(Self.maxCallDepth) deep here: a view or function that contains itself?"
            )
        }
        return try body(&self)
    }

    /// Calls a function of the module (or a view struct's method or computed property), matching
    /// arguments to parameters by label, in order, as Swift does; defaults fill the rest.
    mutating func invoke(
        _ function: SwiftFunction, file: Int, arguments: [SwiftArgument], instance: TemplateInstance?, receiver: [ChainSyntax]?,
        caller: inout TemplateScope, at offset: Int
    ) throws(SpecError) -> TemplateValue {
        var frame: [String: TemplateValue] = [:]
        var index = 0
        var calleeScope = TemplateScope(file: file, offset: function.offset, receiver: receiver, instance: instance)
        for parameter in function.parameters {
            if index < arguments.count, arguments[index].label == parameter.label || arguments[index].isTrailing && arguments[index].label == nil {
                frame[parameter.name] = try evaluate(arguments[index].value, &caller)
                index += 1
            } else if let value = parameter.defaultValue {
                frame[parameter.name] = try evaluate(value, &calleeScope)
            } else {
                throw fail(offset, "\(function.name) needs `\(parameter.label.map { $0 + ":" } ?? "_")` (\(signature(function)))")
            }
        }
        guard index == arguments.count else {
            throw fail(offset, "\(function.name) takes \(signature(function)); an argument is extra or its label is wrong")
        }
        calleeScope.locals = [frame]
        return try nested(at: offset) { (this) throws(SpecError) in try this.run(function.body, &calleeScope) }
    }

    private func signature(_ function: SwiftFunction) -> String {
        "\(function.name)(" + function.parameters.map { ($0.label ?? "_") + ":" }.joined() + ")"
    }

    /// A view struct made with its memberwise initializer and its body run. Properties are set by
    /// label in order; a trailing closure sets the next property of function or view type; a
    /// property with a default may be left out. The root struct takes its properties from the
    /// request's parameters instead (`fromRequest`).
    mutating func instantiate(_ view: SwiftViewStruct, file: Int, arguments: [SwiftArgument], caller: inout TemplateScope, at offset: Int)
        throws(SpecError) -> [ChainSyntax]
    {
        var properties: [String: TemplateValue] = [:]
        var index = 0
        var definingScope = TemplateScope(file: file)
        for property in view.properties {
            if index < arguments.count,
                arguments[index].label == property.name || arguments[index].isTrailing && arguments[index].label == nil && Self.takesClosure(property)
            {
                properties[property.name] = try evaluate(arguments[index].value, &caller)
                index += 1
            } else if let value = property.value {
                properties[property.name] = try evaluate(value, &definingScope)
            } else {
                throw fail(
                    offset,
                    "\(view.name) needs `\(property.name):` (\(view.name)("
                        + view.properties.filter { $0.value == nil }.map { $0.name + ":" }.joined() + "))")
            }
        }
        guard index == arguments.count else {
            throw fail(
                offset, "\(view.name) has no property for an argument here: its properties are " + view.properties.map(\.name).joined(separator: ", ")
            )
        }
        return try body(of: TemplateInstance(file: file, view: view, properties: properties), at: offset)
    }

    /// The root struct, its properties from the request's parameters or their defaults.
    mutating func instantiate(_ view: SwiftViewStruct, file: Int, arguments: [SwiftArgument], at offset: Int, fromRequest: Bool) throws(SpecError)
        -> [ChainSyntax]
    {
        var properties: [String: TemplateValue] = [:]
        var scope = TemplateScope(file: file)
        for property in view.properties {
            if let value = parameters[property.name] {
                properties[property.name] = value
            } else if let value = property.value {
                properties[property.name] = try evaluate(value, &scope)
            } else {
                properties[property.name] = .nil
            }
        }
        return try body(of: TemplateInstance(file: file, view: view, properties: properties), at: offset)
    }

    private mutating func body(of instance: TemplateInstance, at offset: Int) throws(SpecError) -> [ChainSyntax] {
        guard let body = instance.view.members["body"] else {
            throw fail(instance.view.offset, "struct \(instance.view.name) has no `var body: some View`")
        }
        var scope = TemplateScope(file: instance.file, offset: body.offset, instance: instance)
        let value = try nested(at: offset) { (this) throws(SpecError) in try this.run(body.body, &scope) }
        return try views(value, at: offset)
    }

    /// Whether a trailing closure may set `property`: its type is a function or a generic view.
    static func takesClosure(_ property: SwiftProperty) -> Bool {
        guard let type = property.type else { return false }
        return type.contains("->") || type == "Content" || type.hasSuffix("View") || type == "Label"
    }
}
