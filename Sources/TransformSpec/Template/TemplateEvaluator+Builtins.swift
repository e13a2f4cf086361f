import CheckedConversion

/// Properties and methods of Swift's own values that view code uses: strings, arrays, ranges,
/// numbers and dates.
extension TemplateEvaluator {
    /// `value.name` for a Swift value.
    func property(_ value: TemplateValue, _ name: String, at offset: Int) throws(SpecError) -> TemplateValue {
        switch (value, name) {
        case (.string(let s), "count"): return .int(s.count)
        case (.string(let s), "isEmpty"): return .bool(s.isEmpty)
        case (.string(let s), "first"): return s.first.map { .string(String($0)) } ?? .nil
        case (.string(let s), "last"): return s.last.map { .string(String($0)) } ?? .nil
        case (.string(let s), "description"): return .string(s)
        case (.array(let items), "count"): return .int(items.count)
        case (.array(let items), "isEmpty"): return .bool(items.isEmpty)
        case (.array(let items), "first"): return items.first ?? .nil
        case (.array(let items), "last"): return items.last ?? .nil
        case (.array(let items), "indices"): return .range(0, items.count)
        case (.range(let lower, let upper), "count"): return .int(upper - lower)
        case (.range(let lower, _), "lowerBound"): return .int(lower)
        case (.range(_, let upper), "upperBound"): return .int(upper)
        case (.range(let lower, let upper), "isEmpty"): return .bool(upper <= lower)
        case (.tuple(let items), _):
            if let item = items.first(where: { $0.label == name }) { return item.value }
            if let index = Int(name), items.indices.contains(index) { return items[index].value }
        case (.int, "description"), (.double, "description"), (.bool, "description"):
            return .string(try describe(value, at: offset))
        default: break
        }
        throw fail(offset, "\(value.kindName) has no property `\(name)` that templates know")
    }

    /// `value.name(arguments)` for a Swift value.
    mutating func builtin(_ value: TemplateValue, _ name: String, _ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int)
        throws(SpecError) -> TemplateValue
    {
        let values = try self.values(arguments, &scope)
        switch (value, name, values.count) {
        case (.string(let s), "uppercased", 0): return .string(s.uppercased())
        case (.string(let s), "lowercased", 0): return .string(s.lowercased())
        case (.string(let s), "hasPrefix", 1): return .bool(s.hasPrefix(try string(values[0], at: offset)))
        case (.string(let s), "hasSuffix", 1): return .bool(s.hasSuffix(try string(values[0], at: offset)))
        case (.string(let s), "contains", 1): return .bool(s.contains(try string(values[0], at: offset)))
        case (.date(let d), "formatted", 0): return .string(d.formatted(locale: locale))
        case (.date(let d), "formatted", 2):
            return .string(d.formatted(locale: locale, date: !Self.isOmitted(values[0]), time: !Self.isOmitted(values[1])))
        case (.int(let i), "formatted", 0): return .string(Self.grouped(i))
        case (.double(let d), "formatted", 0):
            return .string(Self.swiftDescription(d).hasSuffix(".0") ? Self.grouped(Int(saturating: d)) : Self.swiftDescription(d))
        case (.int, "description", 0), (.double, "description", 0): return .string(try describe(value, at: offset))
        default: break
        }
        let isSequence: Bool = if case .string = value { false } else { value.elementCount != nil }
        guard isSequence else { throw fail(offset, "\(value.kindName) has no method `\(name)` that templates know") }
        let items = try elements(of: value, at: offset)
        switch (name, values.count) {
        case ("enumerated", 0):
            return .array(items.enumerated().map { .tuple([(label: "offset", value: .int($0.offset)), (label: "element", value: $0.element)]) })
        case ("reversed", 0): return .array(items.reversed())
        case ("contains", 1):
            for item in items where try equal(item, values[0], at: offset) { return .bool(true) }
            return .bool(false)
        case ("prefix", 1):
            guard case .int(let n) = values[0], n >= 0 else { throw fail(offset, "prefix takes a count") }
            return .array(Array(items.prefix(n)))
        case ("dropFirst", 0), ("dropLast", 0):
            return .array(name == "dropFirst" ? Array(items.dropFirst()) : Array(items.dropLast()))
        case ("joined", _):
            let separator = try values.first.map { (v) throws(SpecError) in try string(v, at: offset) } ?? ""
            var parts: [String] = []
            for item in items { parts.append(try describe(item, at: offset)) }
            let text = parts.joined(separator: separator)
            try checkLength(text, at: offset)
            return .string(text)
        case ("map", 1), ("filter", 1):
            guard case .closure(let closure) = values[0] else { throw fail(offset, "\(name) takes a closure") }
            var result: [TemplateValue] = []
            for item in items {
                let mapped = try invoke(closure, [item], at: offset)
                if name == "map" {
                    result.append(mapped)
                } else if try boolean(mapped, at: offset) {
                    result.append(item)
                }
            }
            return .array(result)
        default:
            throw fail(offset, "\(value.kindName) has no method `\(name)` with \(values.count) arguments that templates know")
        }
    }

    /// `.omitted` in `formatted(date:time:)`.
    private static func isOmitted(_ value: TemplateValue) -> Bool {
        if case .swiftUI(let e) = value, case .member("omitted") = e.kind { return true }
        return false
    }

    func string(_ value: TemplateValue, at offset: Int) throws(SpecError) -> String {
        guard case .string(let s) = value else { throw fail(offset, "expected a string; got \(value.kindName)") }
        return s
    }

    /// `1234` as `Int.formatted()` writes it in English: `1,234`.
    static func grouped(_ i: Int) -> String {
        let digits = String(i.magnitude)
        var out = ""
        for (index, c) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { out += "," }
            out.append(c)
        }
        return (i < 0 ? "-" : "") + out
    }

    /// `String(x)`, `Int(x)`, `Double(x)`, `CGFloat(x)`.
    func convert(_ value: TemplateValue, to type: String, at offset: Int) throws(SpecError) -> TemplateValue {
        switch (type, value) {
        case ("String", _): return .string(try describe(value, at: offset))
        case ("Int", .int), ("Double", .double), ("CGFloat", .double), ("Float", .double): return value
        case ("Int", .double(let d)):
            guard d.isFinite, let i = Int(exactly: d.rounded(.towardZero)) else { throw fail(offset, "\(d) does not fit in an Int") }
            return .int(i)
        case ("Int", .string(let s)): return Int(s).map { .int($0) } ?? .nil
        case (_, .int(let i)): return .double(Double(i))
        case (_, .string(let s)): return Double(s).map { .double($0) } ?? .nil
        default: throw fail(offset, "\(type)(…) cannot convert \(value.kindName)")
        }
    }
}
