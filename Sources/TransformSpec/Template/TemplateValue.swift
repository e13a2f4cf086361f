/// A value while a template runs: Swift's own values (numbers, strings, arrays, ranges, dates,
/// closures), views (already in `ChainSyntax`), and SwiftUI values the chain builder gives meaning
/// to (`Color.red`, `.title`, `LinearGradient(…)`), kept as chain expressions.
indirect enum TemplateValue: Sendable {
    case int(Int)
    case double(Double)
    case string(String)
    case bool(Bool)
    case `nil`
    case date(TemplateDate)
    case array([TemplateValue])
    /// `lower..<upper` (a closed range is stored with `upper + 1`).
    case range(Int, Int)
    /// `(offset: 0, element: x)`; labels may be nil.
    case tuple([(label: String?, value: TemplateValue)])
    /// Views a builder made (one or several, as a `Group`'s children).
    case views([ChainSyntax])
    /// A SwiftUI value for the chain builder: `Color.red`, `.center`, `Font.system(size: 20)`.
    case swiftUI(Expression)
    /// A type named but not called: `Color`, `Font.Weight` (its members are SwiftUI values).
    case type([String])
    case closure(TemplateClosure)

    /// How the value reads in a message.
    var kindName: String {
        switch self {
        case .int, .double: "a number"
        case .string: "a string"
        case .bool: "a Boolean"
        case .nil: "nil"
        case .date: "a date"
        case .array: "an array"
        case .range: "a range"
        case .tuple: "a tuple"
        case .views: "a view"
        case .swiftUI: "a SwiftUI value"
        case .type(let path): "the type \(path.joined(separator: "."))"
        case .closure: "a closure"
        }
    }

    /// Whether this is `nil` (a model property no request fills).
    var isNil: Bool {
        if case .nil = self { true } else { false }
    }

    /// The number, if this is one.
    var number: Double? {
        switch self {
        case .int(let i): Double(i)
        case .double(let d): d
        default: nil
        }
    }

    /// The elements of an array or a range (ForEach's data).
    var elements: [TemplateValue]? {
        switch self {
        case .array(let items): items
        case .range(let lower, let upper): upper > lower ? (lower..<upper).map { .int($0) } : []
        default: nil
        }
    }

    /// The count of elements of a range without making them.
    var elementCount: Int? {
        switch self {
        case .array(let items): items.count
        case .range(let lower, let upper): max(0, upper - lower)
        case .string(let s): s.count
        default: nil
        }
    }
}

/// A closure and the names it captured.
struct TemplateClosure: Sendable {
    let closure: SwiftClosure
    let scope: TemplateScope
}

/// The names visible where code runs: locals (innermost last), the file whose declarations come
/// first, and the view struct whose body or method runs (`self`).
struct TemplateScope: Sendable {
    var locals: [[String: TemplateValue]] = [[:]]
    var file: Int
    /// Where the running body starts, for messages about it as a whole.
    var offset = 0
    /// The view an `extension View` method runs on (`self`, and modifiers called without a base).
    var receiver: [ChainSyntax]?
    /// The running view struct's property values, if any.
    var instance: TemplateInstance?

    func local(_ name: String) -> TemplateValue? {
        for frame in locals.reversed() { if let value = frame[name] { return value } }
        return nil
    }

    mutating func define(_ name: String, _ value: TemplateValue) {
        locals[locals.count - 1][name] = value
    }

    /// Assigns to the innermost local `name`; false when there is none.
    mutating func assign(_ name: String, _ value: TemplateValue) -> Bool {
        for index in locals.indices.reversed() where locals[index][name] != nil {
            locals[index][name] = value
            return true
        }
        return false
    }
}

/// A view struct made with its memberwise initializer: which struct (and file), its properties.
struct TemplateInstance: Sendable {
    let file: Int
    let view: SwiftViewStruct
    let properties: [String: TemplateValue]
}
