/// `\(name)` interpolations in a parsed chain: listing them (a template's parameters) and replacing
/// them with values. Values go in after parsing, as the text of a `.string`, so nothing in a value
/// (`"`, `)`, `\`, `;`, line breaks) can ever be read as chain syntax.
extension ChainSyntax {
    /// Every interpolated name and `$name` binding with the offset of its first use, in order of
    /// appearance: a template's parameters.
    var interpolatedNames: [(name: String, offset: Int)] {
        var names: [(name: String, offset: Int)] = []
        // The rewrite cannot fail here: the transform only records and never throws.
        _ = try? rewritingStrings(
            { (segments, _) throws(SpecError) in
                for case let .parameter(name, offset) in segments where !names.contains(where: { $0.name == name }) {
                    names.append((name, offset))
                }
                return .interpolated(segments)
            },
            bindings: { (name, offset) throws(SpecError) in
                if !names.contains(where: { $0.name == name }) { names.append((name, offset)) }
                return .binding(name)
            })
        return names
    }

    /// The chain with every interpolation replaced by `values[name]` as literal text. A name with no
    /// value is an error at its offset: interpolation belongs to view templates (`GET /view/…`).
    ///
    /// A `$name` binding becomes the string `values[name]`; with no value (a plain chain, which has
    /// no state) it stays a binding, which builds as empty text (`@State var name = ""`).
    func substituting(_ values: [String: String], param: String) throws(SpecError) -> ChainSyntax {
        try rewritingStrings(
            { (segments, _) throws(SpecError) in
                var text = ""
                for segment in segments {
                    switch segment {
                    case .text(let literal):
                        text += literal
                    case let .parameter(name, offset):
                        guard let value = values[name] else {
                            throw .argument(
                                param: param, offset: offset,
                                message: "string interpolation `\\(\(name))` is for view templates (GET /view/…); write the text itself")
                        }
                        text += value
                    }
                }
                return .string(text)
            },
            bindings: { (name, _) throws(SpecError) in values[name].map { .string($0) } ?? .binding(name) })
    }

    /// The chain with each interpolated string's expression kind replaced by `transform`'s.
    private func rewritingStrings(
        _ transform: ([StringSegment], Int) throws(SpecError) -> Expression.Kind,
        bindings: (String, Int) throws(SpecError) -> Expression.Kind
    ) throws(SpecError) -> ChainSyntax {
        // The rewriter only lives for this call.
        try withoutActuallyEscaping(transform) { (transform) throws(SpecError) in
            try withoutActuallyEscaping(bindings) { (bindings) throws(SpecError) in
                try StringRewriter(transform: transform, bindings: bindings).chain(self)
            }
        }
    }
}

/// Walks every expression of a chain (leaves, stack children, modifier arguments, overlay and
/// background content, alignment-guide closures, closure arguments) and rewrites interpolated
/// strings and `$name` bindings.
private struct StringRewriter {
    let transform: ([StringSegment], Int) throws(SpecError) -> Expression.Kind
    let bindings: (String, Int) throws(SpecError) -> Expression.Kind

    func chain(_ syntax: ChainSyntax) throws(SpecError) -> ChainSyntax {
        var syntax = syntax
        syntax.leaf = try syntax.leaf.map { (leaf) throws(SpecError) in try self.leaf(leaf) }
        syntax.modifiers = try syntax.modifiers.map { (m) throws(SpecError) in try modifier(m) }
        return syntax
    }

    private func leaf(_ leaf: LeafSyntax) throws(SpecError) -> LeafSyntax {
        switch leaf {
        case let .image(argument, offset):
            return .image(try argument.map { (a) throws(SpecError) in try self.argument(a) }, offset: offset)
        case .color(let e):
            return .color(try expression(e))
        case .gradient(let e):
            return .gradient(try expression(e))
        case let .view(name, arguments, offset):
            return .view(name: name, arguments: try self.arguments(arguments), offset: offset)
        case let .stack(name, arguments, children, offset):
            return .stack(
                name: name, arguments: try self.arguments(arguments),
                children: try children.map { (c) throws(SpecError) in try chain(c) }, offset: offset)
        case .concatenation(let parts):
            return .concatenation(try parts.map { (c) throws(SpecError) in try chain(c) })
        }
    }

    private func modifier(_ m: ModifierSyntax) throws(SpecError) -> ModifierSyntax {
        var m = m
        m.arguments = try arguments(m.arguments)
        m.content = try m.content.map { (c) throws(SpecError) in try chain(c) }
        if var guide = m.guide {
            guide.body = try expression(guide.body)
            m.guide = guide
        }
        return m
    }

    private func arguments(_ list: [Argument]) throws(SpecError) -> [Argument] {
        try list.map { (a) throws(SpecError) in try argument(a) }
    }

    private func argument(_ a: Argument) throws(SpecError) -> Argument {
        var a = a
        a.value = try expression(a.value)
        return a
    }

    private func expression(_ e: Expression) throws(SpecError) -> Expression {
        var e = e
        switch e.kind {
        case .interpolated(let segments):
            e.kind = try transform(segments, e.offset)
        case let .call(type, list):
            e.kind = .call(type: type, arguments: try arguments(list))
        case let .method(base, name, list):
            e.kind = .method(try expression(base), name: name, arguments: try arguments(list))
        case .array(let items):
            e.kind = .array(try items.map { (item) throws(SpecError) in try expression(item) })
        case let .memberCall(name, list):
            e.kind = .memberCall(name, arguments: try arguments(list))
        case let .quotient(a, b):
            e.kind = .quotient(try expression(a), try expression(b))
        case let .product(a, b):
            e.kind = .product(try expression(a), try expression(b))
        case .negated(let inner):
            e.kind = .negated(try expression(inner))
        case .binding(let name):
            e.kind = try bindings(name, e.offset)
        case .closure(let content):
            e.kind = .closure(try content.map { (c) throws(SpecError) in try chain(c) })
        case .number, .string, .bool, .nil, .member, .qualified:
            break
        }
        return e
    }
}
