import Layout

/// Evaluates argument expressions to typed values (numbers, enums, colours, insets) with errors
/// that point at the expression and say what it must be.
struct ChainValues {
    let param: String
    /// Bounds every number by `SpecLimits.numbers`.
    var limits = SpecLimits()

    func fail(_ expression: Expression, _ message: String) -> SpecError {
        .argument(param: param, offset: expression.offset, message: message)
    }

    /// A `CGFloat`: a literal, `-x`, `a/b`, `.infinity` (also `CGFloat.infinity`, `Double.infinity`).
    /// Every number of a chain comes through here, so this is where each is bounded: a finite value
    /// must lie in `SpecLimits.numbers` (0, or a magnitude from `smallestMagnitude` to
    /// `largestMagnitude`); NaN (`0/0`) is refused; infinity is returned for the callers that
    /// allow it (`frame(maxWidth: .infinity)`) to accept.
    func number(_ e: Expression, _ what: String) throws(SpecError) -> Double {
        let value = try evaluate(e, what)
        if value.isNaN { throw fail(e, "\(what) must be a number; got NaN") }
        guard value.isInfinite || limits.numbers.admits(value) else {
            throw fail(e, "\(what) must be \(limits.numbers.description); got \(format(value))")
        }
        return value
    }

    private func evaluate(_ e: Expression, _ what: String) throws(SpecError) -> Double {
        switch e.kind {
        case .number(let value): return value
        case .negated(let inner): return -(try evaluate(inner, what))
        case .quotient(let a, let b): return try evaluate(a, what) / evaluate(b, what)
        case .member("infinity"): return .infinity
        case .qualified(let type, "infinity") where type == ["CGFloat"] || type == ["Double"]: return .infinity
        default: throw fail(e, "\(what) must be a number or .infinity")
        }
    }

    /// A number that must be finite and ≥ `minimum` (or > 0 when `positive`).
    func finite(_ e: Expression, _ what: String, positive: Bool = false) throws(SpecError) -> Double {
        let value = try number(e, what)
        guard value.isFinite, positive ? value > 0 : value >= 0 else {
            throw fail(e, "\(what) must be a finite number \(positive ? "> 0" : "≥ 0"); got \(format(value))")
        }
        return value
    }

    /// A `CGFloat?` that may be `nil`.
    func optionalNumber(_ e: Expression?, _ what: String) throws(SpecError) -> Double? {
        guard let e, e.kind != .nil else { return nil }
        let value = try number(e, what)
        guard !value.isNaN else { throw fail(e, "\(what) must be a number; got NaN") }
        return value
    }

    func bool(_ e: Expression, _ what: String) throws(SpecError) -> Bool {
        guard case .bool(let value) = e.kind else { throw fail(e, "\(what) must be true or false") }
        return value
    }

    func string(_ e: Expression, _ what: String) throws(SpecError) -> String {
        guard case .string(let value) = e.kind else { throw fail(e, "\(what) must be a string in double quotes") }
        return value
    }

    /// An enum case written `.name` or `Type.name` (any qualifying type path is accepted).
    func enumCase<T: RawRepresentable & CaseIterable>(_ e: Expression, _ type: T.Type, _ what: String) throws(SpecError) -> T
    where T.RawValue == String {
        let name: String? =
            switch e.kind {
            case .member(let member), .qualified(_, let member): member
            default: nil
            }
        guard let name, let value = T(rawValue: name) else {
            let allowed = T.allCases.map { ".\($0.rawValue)" }.joined(separator: ", ")
            let hint = name.map { Suggestion.hint(for: $0, among: T.allCases.map(\.rawValue), prefix: ".") } ?? ""
            throw fail(e, "\(what) must be one of \(allowed)\(name.map { "; got `.\($0)`" } ?? "")\(hint)")
        }
        return value
    }

    /// An `Axis.Set`: `.horizontal`, `.vertical`, or an array of them (`[]` for neither).
    func axes(_ e: Expression, _ what: String) throws(SpecError) -> (horizontal: Bool, vertical: Bool) {
        var axes = (horizontal: false, vertical: false)
        let items: [Expression] = if case .array(let list) = e.kind { list } else { [e] }
        for item in items {
            switch try enumCase(item, AxisName.self, what) {
            case .horizontal: axes.horizontal = true
            case .vertical: axes.vertical = true
            }
        }
        return axes
    }

    /// The members of SwiftUI's `Axis.Set`.
    private enum AxisName: String, CaseIterable {
        case horizontal, vertical
    }

    func alignment(_ e: Expression?) throws(SpecError) -> Alignment {
        guard let e else { return .center }
        return try enumCase(e, Alignment.self, "alignment")
    }

    /// `EdgeInsets(top:leading:bottom:trailing:)`, every label optional (default 0), each ≥ 0.
    func edgeInsets(_ e: Expression) throws(SpecError) -> EdgeInsets {
        guard case .call("EdgeInsets", let arguments) = e.kind else {
            throw fail(e, "capInsets must be EdgeInsets(top:leading:bottom:trailing:)")
        }
        let args = try ArgumentList(
            arguments, signature: ["top", "leading", "bottom", "trailing"].map { .init(label: $0) },
            call: "EdgeInsets", param: param, offset: e.offset)
        func side(_ label: String) throws(SpecError) -> Double {
            guard let value = args[label] else { return 0 }
            return try finite(value, "the \(label) inset")
        }
        return EdgeInsets(top: try side("top"), leading: try side("leading"), bottom: try side("bottom"), trailing: try side("trailing"))
    }

    /// An aspect ratio: a number > 0, or `CGSize(width:height:)` meaning width/height.
    func ratio(_ e: Expression) throws(SpecError) -> Double {
        if case .call("CGSize", let arguments) = e.kind {
            let args = try ArgumentList(
                arguments, signature: [.init(label: "width", optional: false), .init(label: "height", optional: false)],
                call: "CGSize", param: param, offset: e.offset)
            return try finite(args["width"]!, "CGSize width", positive: true) / finite(args["height"]!, "CGSize height", positive: true)
        }
        return try finite(e, "the aspect ratio", positive: true)
    }

    func format(_ value: Double) -> String {
        NumberText.format(value)
    }
}
