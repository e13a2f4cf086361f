/// Leaves and containers: the view a chain starts with.
extension ChainParser {
    /// Views written `Name(arguments)` with no body.
    static let callViews: Set<String> = ["Rectangle", "RoundedRectangle", "Circle", "Ellipse", "Capsule", "Spacer", "Divider", "Text", "TextField"]
    /// Containers written `Name(arguments) { children }`; a `Group`'s children join its parent's.
    static let stacks: Set<String> = ["HStack", "VStack", "ZStack", "Group", "Grid", "GridRow"]
    /// Views written with arguments, trailing closures, or both: `Label("Mail", systemImage: "envelope")`,
    /// `Label { Text("Mail") } icon: { Image(systemName: "envelope") }`.
    static let closureViews: Set<String> = ["Label"]
    /// The labels of each closure view's closure parameters, in order: the first trailing closure
    /// takes the first one not written in the parentheses, as Swift matches them.
    static let closureParameters: [String: [String]] = ["Label": ["title", "icon"]]

    static let viewList =
        "Image(\"name\"), Image(systemName: \"star\"), Color.red, Color(…), LinearGradient(…), Rectangle(), RoundedRectangle(cornerRadius:), "
        + "Circle(), Ellipse(), Capsule(), Spacer(), Divider(), Text(\"…\"), TextField(\"…\", text: $name), Button(action: {}) { … }, "
        + "Label(\"…\", systemImage: \"…\"), RadialGradient(…), EllipticalGradient(…), AngularGradient(…), HStack/VStack/ZStack/Group { … }"

    mutating func leafIfPresent() throws(SpecError) -> LeafSyntax? {
        if isPunctuation("(") {
            // `(Text("a") + Text("b")).font(.title)`: parentheses around Texts joined with `+`.
            let offset = advance().offset
            let inner = try chain(in: "(…)")
            try expect(.punctuation(")"), "`)` to close the parentheses at offset \(offset)")
            if case .concatenation(let parts)? = inner.leaf, inner.modifiers.isEmpty { return .concatenation(parts) }
            return .concatenation([inner])
        }
        guard case .identifier(let name) = current.kind else { return nil }
        let offset = current.offset
        switch name {
        case "Image":
            position += 1
            let arguments = try parenthesizedArguments(after: "Image")
            guard arguments.count <= 1 else {
                throw .argument(
                    param: param, offset: arguments[1].offset,
                    message: "Image takes one name, e.g. Image(\"logo.png\") or Image(systemName: \"star\")")
            }
            return .image(arguments.first, offset: offset)
        case "Color" where isPunctuation(".", peek()):
            position += 2
            let (member, _) = try identifier("a colour name after `Color.`, e.g. Color.red")
            if isPunctuation("."), peek().kind == .identifier("gradient"), !isPunctuation("(", peek(2)) {
                // `Color.blue.gradient`: the colour's standard gradient, a view like any gradient.
                position += 2
                return .gradient(Expression(kind: .qualified(type: ["Color", member], member: "gradient"), offset: offset))
            }
            return .color(Expression(kind: .qualified(type: ["Color"], member: member), offset: offset))
        case "Color", "LinearGradient", "RadialGradient", "EllipticalGradient", "AngularGradient":
            position += 1
            let call = Expression(kind: .call(type: name, arguments: try parenthesizedArguments(after: name)), offset: offset)
            return name == "Color" ? .color(call) : .gradient(call)
        case "Button":
            position += 1
            return .view(name: name, arguments: try buttonArguments(), offset: offset)
        case _ where Self.closureViews.contains(name):
            position += 1
            let arguments = isPunctuation("(") ? try parenthesizedArguments(after: name) : []
            return .view(name: name, arguments: try trailingClosures(of: name, after: arguments), offset: offset)
        case _ where Self.callViews.contains(name):
            position += 1
            return .view(name: name, arguments: try parenthesizedArguments(after: name), offset: offset)
        case _ where Self.stacks.contains(name):
            position += 1
            let arguments = isPunctuation("(") ? try parenthesizedArguments(after: name) : []
            return .stack(name: name, arguments: arguments, children: try body(of: name, at: offset), offset: offset)
        default:
            guard let first = name.unicodeScalars.first, first.properties.isUppercase else { return nil }
            throw .syntax(param: param, offset: offset, expected: "a modifier or a leaf view: \(Self.viewList)", found: current.display)
        }
    }

    /// A Button's arguments with its trailing closures as labelled arguments, as Swift matches them:
    /// `Button(action: {}) { label }` (the closure is the label), `Button("Title") {}` (the action),
    /// `Button {} label: { label }` (both).
    private mutating func buttonArguments() throws(SpecError) -> [Argument] {
        var arguments = isPunctuation("(") ? try parenthesizedArguments(after: "Button") : []
        guard isPunctuation("{") else { return arguments }
        let firstOffset = current.offset
        let first = Expression(kind: .closure(try closure(of: "the Button's closure")), offset: firstOffset)
        if current.kind == .identifier("label"), isPunctuation(":", peek()), isPunctuation("{", peek(2)) {
            position += 2
            let labelOffset = current.offset
            let label = Expression(kind: .closure(try closure(of: "the Button's label")), offset: labelOffset)
            arguments.append(Argument(label: "action", value: first, offset: firstOffset))
            arguments.append(Argument(label: "label", value: label, offset: labelOffset))
        } else {
            let hasTitle = arguments.first.map { $0.label == nil } ?? false
            arguments.append(Argument(label: hasTitle ? "action" : "label", value: first, offset: firstOffset))
        }
        return arguments
    }

    /// `arguments` with the trailing closures after them as labelled arguments: the first takes the
    /// first closure parameter not already written, each further one is written `label: { … }`.
    private mutating func trailingClosures(of name: String, after arguments: [Argument]) throws(SpecError) -> [Argument] {
        var arguments = arguments
        guard isPunctuation("{") else { return arguments }
        let written = Set(arguments.compactMap(\.label))
        let firstOffset = current.offset
        let first = Expression(kind: .closure(try closure(of: "the \(name)'s closure")), offset: firstOffset)
        let firstLabel = Self.closureParameters[name]?.first { !written.contains($0) }
        arguments.append(Argument(label: firstLabel, value: first, offset: firstOffset))
        while case .identifier(let label) = current.kind, isPunctuation(":", peek()), isPunctuation("{", peek(2)) {
            position += 2
            let offset = current.offset
            arguments.append(
                Argument(label: label, value: Expression(kind: .closure(try closure(of: "the \(name)'s \(label)")), offset: offset), offset: offset))
        }
        return arguments
    }

    /// `{ child; child … }` of a container: children separated by `;` or line breaks, a trailing
    /// `;` allowed, an empty child (`;;`, `{;`) not, as in Swift.
    private mutating func body(of name: String, at offset: Int) throws(SpecError) -> [ChainSyntax] {
        try expect(.punctuation("{"), "`{` and the children of \(name)")
        try enterBody(name, at: offset)
        var children: [ChainSyntax] = []
        while !accept("}") {
            if current.kind == .end { throw error(expected: "`}` to close \(name) at offset \(offset)") }
            if isPunctuation(";") { throw error(expected: "a view: an empty child in \(name) at offset \(offset)") }
            children.append(try chain(in: name))
            if accept(";") || isPunctuation("}") || current.followsNewline || current.kind == .end { continue }
            throw error(expected: "`;`, a new line or `}` after a child of \(name)")
        }
        viewDepth -= 1
        guard children.count <= limits.maxChildren else {
            throw .limitExceeded(
                param: param, message: "`\(param)`: `\(name)` at offset \(offset) has \(children.count) children; the limit is \(limits.maxChildren)")
        }
        return children
    }
}
