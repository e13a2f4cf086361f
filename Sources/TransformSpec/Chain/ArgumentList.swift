/// Matches a call's arguments against a Swift signature: labels in declaration order, each at most
/// once, defaults for the ones left out. Errors point at the offending argument.
struct ArgumentList {
    /// One parameter of a signature: its label (`nil` for `_`) and whether it may be left out.
    struct Parameter {
        var label: String?
        var optional: Bool = true
    }

    private var values: [String: Expression] = [:]
    private let callName: String

    /// The key under which an unlabelled parameter is stored.
    static let unlabelled = "_"

    init(_ arguments: [Argument], signature: [Parameter], call: String, param: String, offset: Int) throws(SpecError) {
        callName = call
        var next = 0
        for argument in arguments {
            guard let index = signature[next...].firstIndex(where: { $0.label == argument.label }) else {
                let allowed = signature[next...].map { $0.label.map { "`\($0):`" } ?? "an unlabelled value" }
                let shown = argument.label.map { "`\($0):`" } ?? "an unlabelled value"
                let hint = allowed.isEmpty ? "no more arguments" : allowed.joined(separator: ", ")
                throw .argument(
                    param: param, offset: argument.offset,
                    message: "\(call) does not take \(shown) here; expected \(hint)")
            }
            let skipped = signature[next..<index].filter { !$0.optional }
            if let missing = skipped.first {
                throw .argument(
                    param: param, offset: argument.offset,
                    message: "\(call) needs \(Self.describe(missing.label)) before \(Self.describe(argument.label))")
            }
            values[argument.label ?? Self.unlabelled] = argument.value
            next = index + 1
        }
        if let missing = signature[next...].first(where: { !$0.optional }) {
            throw .argument(param: param, offset: offset, message: "\(call) needs \(Self.describe(missing.label))")
        }
    }

    private static func describe(_ label: String?) -> String {
        label.map { "its `\($0):` argument" } ?? "an unlabelled value"
    }

    /// The value passed for `label` (`nil` label = the unlabelled parameter), if any.
    subscript(label: String?) -> Expression? {
        values[label ?? Self.unlabelled]
    }
}
