import CheckedConversion

/// Expressions: literals, names, members, operators.
extension TemplateEvaluator {
    mutating func evaluate(_ e: SwiftExpr, _ scope: inout TemplateScope) throws(SpecError) -> TemplateValue {
        try step(e.offset)
        switch e.kind {
        case let .number(value, isInteger):
            if isInteger, let int = Int(exactly: value) { return .int(int) }
            return .double(value)
        case .string(let pieces):
            var text = ""
            for piece in pieces {
                switch piece {
                case .text(let t): text += t
                case .expression(let inner): text += try describe(try evaluate(inner, &scope), at: inner.offset)
                }
                try checkLength(text, at: e.offset)
            }
            return .string(text)
        case .bool(let b):
            return .bool(b)
        case .nil:
            return .nil
        case .name(let name):
            return try lookup(name, &scope, at: e.offset)
        case .implicitMember(let name):
            return .swiftUI(Expression(kind: .member(name), offset: e.offset))
        case let .member(base, name):
            return try member(base, name, &scope, at: e.offset)
        case let .call(callee, arguments):
            return try call(callee, arguments, &scope, at: e.offset)
        case let .subscripted(base, arguments):
            let value = try evaluate(base, &scope)
            guard arguments.count == 1 else { throw fail(e.offset, "a subscript takes one index") }
            return try subscripted(value, try evaluate(arguments[0].value, &scope), at: e.offset)
        case let .binary(op, left, right):
            if op == "&&" || op == "||" {
                let first = try boolean(try evaluate(left, &scope), at: left.offset)
                if first == (op == "||") { return .bool(first) }
                return .bool(try boolean(try evaluate(right, &scope), at: right.offset))
            }
            if op == "??" {
                let first = try evaluate(left, &scope)
                if case .nil = first { return try evaluate(right, &scope) }
                return first
            }
            return try binary(op, try evaluate(left, &scope), try evaluate(right, &scope), at: e.offset)
        case let .prefix(op, operand):
            let value = try evaluate(operand, &scope)
            switch (op, value) {
            case ("!", .bool(let b)): return .bool(!b)
            case ("-", .int(let i)) where i != .min: return .int(-i)
            case ("-", .double(let d)): return .double(-d)
            case ("-", .swiftUI(let inner)): return .swiftUI(Expression(kind: .negated(inner), offset: e.offset))
            default: throw fail(e.offset, "`\(op)` does not apply to \(value.kindName)")
            }
        case let .ternary(condition, whenTrue, whenFalse):
            return try boolean(try evaluate(condition, &scope), at: condition.offset)
                ? try evaluate(whenTrue, &scope) : try evaluate(whenFalse, &scope)
        case .array(let items):
            guard items.count <= Self.maxElements else { throw fail(e.offset, "an array of more than \(Self.maxElements) elements") }
            var values: [TemplateValue] = []
            for item in items { values.append(try evaluate(item, &scope)) }
            return .array(values)
        case .tuple(let items):
            var values: [(label: String?, value: TemplateValue)] = []
            for item in items { values.append((item.label, try evaluate(item.value, &scope))) }
            return .tuple(values)
        case .closure(let closure):
            return .closure(TemplateClosure(closure: closure, scope: scope))
        case .binding(let name):
            // `$name`: the state's value, which the chain builder shows as the field's text.
            if let value = try? lookup(name, &scope, at: e.offset), case .string = value { return value }
            return .swiftUI(Expression(kind: .binding(name), offset: e.offset))
        case .keyPath:
            return .nil
        }
    }

    /// A name: a local, the running struct's property, a parameter, a module declaration, or a
    /// SwiftUI type.
    mutating func lookup(_ name: String, _ scope: inout TemplateScope, at offset: Int) throws(SpecError) -> TemplateValue {
        if let local = scope.local(name) { return local }
        if name == "self" {
            if let receiver = scope.receiver { return .views(receiver) }
            throw fail(offset, "`self` is a view only inside `extension View`; name the property instead")
        }
        if let instance = scope.instance {
            if let value = instance.properties[name] { return value }
            if let member = instance.view.members[name] {
                return try invoke(member, file: instance.file, arguments: [], instance: instance, receiver: nil, caller: &scope, at: offset)
            }
        }
        if let value = parameters[name] { return value }
        if let found = try module.declaration(name, from: scope.file, at: offset) {
            switch found.declaration {
            case .constant(let property, _):
                return try constant(property, file: found.file, at: offset)
            case .function:
                throw fail(offset, "`\(name)` is a function: call it, \(name)(…)")
            case .view:
                return .type([name])
            }
        }
        if let first = name.unicodeScalars.first, first.properties.isUppercase { return .type([name]) }
        throw fail(offset, "`\(name)` is not defined in this template's folder, and it is not a parameter")
    }

    /// A module constant's value, computed once per request; a constant defined by itself is an error.
    private mutating func constant(_ property: SwiftProperty, file: Int, at offset: Int) throws(SpecError) -> TemplateValue {
        let key = "\(file):\(property.name)"
        if let value = constants[key] { return value }
        guard let expression = property.value else { throw fail(offset, "`\(property.name)` is declared without a value") }
        guard computing.insert(key).inserted else { throw fail(property.offset, "`\(property.name)` is defined in terms of itself") }
        var scope = TemplateScope(file: file)
        let value = try evaluate(expression, &scope)
        computing.remove(key)
        constants[key] = value
        return value
    }

    /// `base.name`: a property of a value, `self.name`, or a SwiftUI type's member (`Color.red`).
    private mutating func member(_ base: SwiftExpr, _ name: String, _ scope: inout TemplateScope, at offset: Int) throws(SpecError) -> TemplateValue {
        if case .name("self") = base.kind, scope.receiver == nil { return try lookup(name, &scope, at: offset) }
        // `person.fullName` of a model the folder does not declare: a parameter of its own.
        if case .name(let root) = base.kind, let value = parameters[root + "." + name], scope.local(root) == nil,
            scope.instance?.properties[root]?.isNil ?? true
        {
            return value
        }
        let value = try evaluate(base, &scope)
        switch value {
        case .type(let path):
            if let first = name.unicodeScalars.first, first.properties.isUppercase { return .type(path + [name]) }
            return .swiftUI(Expression(kind: .qualified(type: path, member: name), offset: offset))
        case .swiftUI(let e):
            switch e.kind {
            case let .qualified(type, member): return .swiftUI(Expression(kind: .qualified(type: type + [member], member: name), offset: offset))
            case .member(let member): return .swiftUI(Expression(kind: .qualified(type: ["Color", member], member: name), offset: offset))
            default: throw fail(offset, "`\(name)` cannot be read from this SwiftUI value here")
            }
        default:
            return try property(value, name, at: offset)
        }
    }

    /// `a[i]`: an array's element, bounds checked.
    private func subscripted(_ value: TemplateValue, _ index: TemplateValue, at offset: Int) throws(SpecError) -> TemplateValue {
        guard case .int(let i) = index else { throw fail(offset, "an index must be a whole number; got \(index.kindName)") }
        switch value {
        case .array(let items):
            guard items.indices.contains(i) else { throw fail(offset, "index \(i) is out of range: the array has \(items.count) elements") }
            return items[i]
        case .range(let lower, let upper):
            guard (0..<(upper - lower)).contains(i) else { throw fail(offset, "index \(i) is out of range") }
            return .int(lower + i)
        default:
            throw fail(offset, "\(value.kindName) cannot be subscripted")
        }
    }

    /// `+ - * / %`, comparisons and ranges; `+` also joins strings, arrays and `Text`s.
    mutating func binary(_ op: String, _ a: TemplateValue, _ b: TemplateValue, at offset: Int) throws(SpecError) -> TemplateValue {
        switch (a, b) {
        case let (.int(x), .int(y)):
            let result: (Int, Bool)
            switch op {
            case "+": result = x.addingReportingOverflow(y)
            case "-": result = x.subtractingReportingOverflow(y)
            case "*": result = x.multipliedReportingOverflow(by: y)
            case "/", "%":
                guard y != 0 else { throw fail(offset, "division by zero") }
                result = op == "/" ? x.dividedReportingOverflow(by: y) : x.remainderReportingOverflow(dividingBy: y)
            case "...", "..<":
                let upper = op == "..." ? y.addingReportingOverflow(1) : (y, false)
                guard !upper.1, upper.0 >= x else { throw fail(offset, "a range's upper bound is below its lower bound") }
                return .range(x, upper.0)
            default:
                return .bool(try compare(op, Double(x), Double(y), at: offset))
            }
            guard !result.1 else { throw fail(offset, "the arithmetic overflows") }
            return .int(result.0)
        case (.int, .double), (.double, .int), (.double, .double):
            let x = a.number!
            let y = b.number!
            switch op {
            case "+": return .double(x + y)
            case "-": return .double(x - y)
            case "*": return .double(x * y)
            case "/": return .double(x / y)
            case "%": return .double(x.truncatingRemainder(dividingBy: y))
            default: return .bool(try compare(op, x, y, at: offset))
            }
        case let (.string(x), .string(y)):
            switch op {
            case "+":
                try checkLength(x + y, at: offset)
                return .string(x + y)
            case "==": return .bool(x == y)
            case "!=": return .bool(x != y)
            case "<": return .bool(x < y)
            case ">": return .bool(x > y)
            case "<=": return .bool(x <= y)
            case ">=": return .bool(x >= y)
            default: break
            }
        case let (.array(x), .array(y)) where op == "+":
            guard x.count + y.count <= Self.maxElements else { throw fail(offset, "an array of more than \(Self.maxElements) elements") }
            return .array(x + y)
        case let (.views(x), .views(y)) where op == "+" && x.count == 1 && y.count == 1:
            // `Text("a") + Text("b")`: one paragraph.
            var parts: [ChainSyntax] = []
            for part in [x[0], y[0]] {
                if case .concatenation(let more)? = part.leaf, part.modifiers.isEmpty { parts += more } else { parts.append(part) }
            }
            return .views([ChainSyntax(leaf: .concatenation(parts), modifiers: [], offset: x[0].offset)])
        default:
            if op == "==" || op == "!=" { return .bool(try equal(a, b, at: offset) == (op == "==")) }
        }
        throw fail(offset, "`\(op)` does not apply to \(a.kindName) and \(b.kindName)")
    }

    private func compare(_ op: String, _ x: Double, _ y: Double, at offset: Int) throws(SpecError) -> Bool {
        switch op {
        case "==": x == y
        case "!=": x != y
        case "<": x < y
        case ">": x > y
        case "<=": x <= y
        case ">=": x >= y
        default: throw fail(offset, "`\(op)` does not apply to numbers")
        }
    }

    /// `==` between two values of the kinds templates compare.
    func equal(_ a: TemplateValue, _ b: TemplateValue, at offset: Int) throws(SpecError) -> Bool {
        switch (a, b) {
        case let (.string(x), .string(y)): return x == y
        case let (.bool(x), .bool(y)): return x == y
        case (.nil, .nil): return true
        case (.nil, _), (_, .nil): return false
        case let (.date(x), .date(y)): return x == y
        case let (.swiftUI(x), .swiftUI(y)):
            if case .member(let m) = x.kind, case .member(let n) = y.kind { return m == n }
            return false
        default:
            if let x = a.number, let y = b.number { return x == y }
            throw fail(offset, "\(a.kindName) and \(b.kindName) cannot be compared")
        }
    }

    func checkLength(_ text: String, at offset: Int) throws(SpecError) {
        guard text.utf8.count <= Self.maxStringLength else {
            throw .limitExceeded(param: param, message: "`\(param)`: a string longer than \(Self.maxStringLength) bytes")
        }
    }

    /// How a value reads in a string interpolation, as Swift's `description` writes it.
    func describe(_ value: TemplateValue, at offset: Int) throws(SpecError) -> String {
        switch value {
        case .int(let i): return String(i)
        case .double(let d): return Self.swiftDescription(d)
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .nil: return "nil"
        case .date(let d): return d.description
        case .array(let items):
            var parts: [String] = []
            for item in items {
                let text = try describe(item, at: offset)
                if case .string = item { parts.append("\"\(text)\"") } else { parts.append(text) }
            }
            return "[" + parts.joined(separator: ", ") + "]"
        case .range(let lower, let upper): return "\(lower)..<\(upper)"
        default: throw fail(offset, "\(value.kindName) cannot be written into a string")
        }
    }

    /// `Double.description`: `3.0`, `2.5`, `0.1`, `1e+20`.
    static func swiftDescription(_ d: Double) -> String {
        if d.isNaN { return "nan" }
        if d.isInfinite { return d < 0 ? "-inf" : "inf" }
        if d == d.rounded(), abs(d) < 1e16 { return String(Int(saturating: d)) + ".0" }
        return "\(d)"
    }
}
