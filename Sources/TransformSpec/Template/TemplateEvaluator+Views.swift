import CheckedConversion

/// SwiftUI's views and modifiers, turned into `ChainSyntax` for the chain builder.
extension TemplateEvaluator {
    /// `Name(arguments)` for a name the module does not declare: a SwiftUI view, `ForEach`,
    /// `Group`, a conversion (`String(x)`, `Int(x)`), or a SwiftUI value (`Color(…)`, `LinearGradient(…)`).
    mutating func swiftUICall(_ name: String, _ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int) throws(SpecError)
        -> TemplateValue
    {
        switch name {
        case "ForEach":
            return try forEach(arguments, &scope, at: offset)
        case "Group":
            guard let content = arguments.last(where: { $0.isTrailing || $0.label == "content" }) else {
                throw fail(offset, "Group { … } needs its views in a closure")
            }
            return .views(try views(try evaluate(content.value, &scope), at: offset))
        case "EmptyView":
            return .views([])
        case "AnyView":
            guard arguments.count == 1 else { throw fail(offset, "AnyView takes one view") }
            return .views(try views(try evaluate(arguments[0].value, &scope), at: offset))
        case "String", "Int", "Double", "CGFloat", "Float":
            guard arguments.count == 1 else { throw fail(offset, "\(name)(…) takes one value") }
            return try convert(try evaluate(arguments[0].value, &scope), to: name, at: offset)
        case "Array":
            guard arguments.count == 1 else { throw fail(offset, "Array(…) takes one sequence") }
            return .array(try elements(of: try evaluate(arguments[0].value, &scope), at: offset))
        case "Image":
            let list = try chainArguments(arguments, &scope, call: name)
            guard let first = list.first else { throw fail(offset, "Image needs a name: Image(\"photo\") or Image(systemName: \"star\")") }
            // `Image("name", bundle: …)`, `Image(decorative: "name")`: the name is what matters.
            let argument = first.label == "decorative" ? Argument(label: nil, value: first.value, offset: first.offset) : first
            return .views([ChainSyntax(leaf: .image(argument, offset: offset), modifiers: [], offset: offset)])
        case "Text" where arguments.first?.label == "verbatim":
            let text = Argument(label: nil, value: try expression(of: try evaluate(arguments[0].value, &scope), at: offset), offset: offset)
            return .views([ChainSyntax(leaf: .view(name: "Text", arguments: [text], offset: offset), modifiers: [], offset: offset)])
        case _ where ChainParser.stacks.contains(name):
            let content = arguments.last { $0.isTrailing && $0.label == nil || $0.label == "content" }
            let children = try content.map { (c) throws(SpecError) in try views(try evaluate(c.value, &scope), at: offset) } ?? []
            let rest = arguments.filter { $0 != content }
            let stack = LeafSyntax.stack(name: name, arguments: try chainArguments(rest, &scope, call: name), children: children, offset: offset)
            return .views([ChainSyntax(leaf: stack, modifiers: [], offset: offset)])
        case _ where name == "Button" || ChainParser.callViews.contains(name) || ChainParser.closureViews.contains(name):
            return .views([
                ChainSyntax(
                    leaf: .view(name: name, arguments: try chainArguments(arguments, &scope, call: name), offset: offset), modifiers: [],
                    offset: offset)
            ])
        default:
            guard let first = name.unicodeScalars.first, first.properties.isUppercase else {
                throw fail(offset, "`\(name)` is not a function of this template's folder or of SwiftUI")
            }
            return .swiftUI(Expression(kind: .call(type: name, arguments: try chainArguments(arguments, &scope, call: name)), offset: offset))
        }
    }

    /// `ForEach(data) { element in … }` (`id:` is accepted and not needed): the content's views
    /// for each element of an array, a range or `enumerated()`, in order.
    private mutating func forEach(_ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int) throws(SpecError) -> TemplateValue {
        guard let data = arguments.first(where: { !$0.isTrailing && $0.label == nil }),
            let content = arguments.last(where: { $0.isTrailing || $0.label == "content" })
        else { throw fail(offset, "ForEach needs data and content: ForEach(0..<3) { i in … }") }
        let elements = try self.elements(of: try evaluate(data.value, &scope), at: data.value.offset)
        guard elements.count <= limits.maxChildren else {
            throw .limitExceeded(
                param: param, message: "`\(param)`: ForEach makes \(elements.count) views; a container may have \(limits.maxChildren)")
        }
        guard case .closure(let closure) = try evaluate(content.value, &scope) else {
            throw fail(content.value.offset, "ForEach's content is a closure")
        }
        var views: [ChainSyntax] = []
        for element in elements { views += try self.views(try invoke(closure, [element], at: offset), at: offset) }
        return .views(views)
    }

    /// `base.name(arguments)`: a modifier on a view, a method of a Swift value, or a SwiftUI value's.
    mutating func method(_ base: TemplateValue, _ name: String, _ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int)
        throws(SpecError) -> TemplateValue
    {
        switch base {
        case .views(let views):
            return try modify(views, name, arguments, &scope, at: offset)
        case .swiftUI(let e):
            if Self.isViewLike(e), !Self.valueMethods.contains(name) || StillPicture.ignoredModifiers.contains(name) {
                return try modify([try view(from: e)], name, arguments, &scope, at: offset)
            }
            return .swiftUI(Expression(kind: .method(e, name: name, arguments: try chainArguments(arguments, &scope, call: name)), offset: offset))
        case .type:
            return .swiftUI(Expression(kind: .memberCall(name, arguments: try chainArguments(arguments, &scope, call: name)), offset: offset))
        case .closure:
            throw fail(offset, "a closure has no method `\(name)`")
        default:
            return try builtin(base, name, arguments, &scope, at: offset)
        }
    }

    /// Methods a colour or gradient has as a value (`Color.red.opacity(0.5)` stays a colour).
    static let valueMethods: Set<String> = ["opacity", "mix"]

    /// Whether a SwiftUI value can stand as a view: a colour or a gradient.
    static func isViewLike(_ e: Expression) -> Bool {
        switch e.kind {
        case .qualified(let type, _): type.first == "Color"
        case .call(let type, _): type == "Color" || type.hasSuffix("Gradient") || ChainParser.callViews.contains(type)
        case .method(let base, _, _): isViewLike(base)
        default: false
        }
    }

    /// A view from a SwiftUI value: `Color.red`, `LinearGradient(…)`, `Color.red.opacity(0.5)`.
    func view(from e: Expression) throws(SpecError) -> ChainSyntax {
        switch e.kind {
        case .qualified(_, "gradient"):
            return ChainSyntax(leaf: .gradient(e), modifiers: [], offset: e.offset)
        case .qualified(let type, _) where type.first == "Color":
            return ChainSyntax(leaf: .color(e), modifiers: [], offset: e.offset)
        case .call("Color", _):
            return ChainSyntax(leaf: .color(e), modifiers: [], offset: e.offset)
        case .call(let type, let arguments) where ChainParser.callViews.contains(type):
            return ChainSyntax(leaf: .view(name: type, arguments: arguments, offset: e.offset), modifiers: [], offset: e.offset)
        case .call(let type, _) where type.hasSuffix("Gradient"):
            return ChainSyntax(leaf: .gradient(e), modifiers: [], offset: e.offset)
        case .member(let name):
            return ChainSyntax(
                leaf: .color(Expression(kind: .qualified(type: ["Color"], member: name), offset: e.offset)), modifiers: [], offset: e.offset)
        case let .method(base, name, arguments):
            var view = try view(from: base)
            view.modifiers.append(ModifierSyntax(name: name, offset: e.offset, arguments: arguments, hasParentheses: true, content: nil))
            return view
        default:
            throw fail(e.offset, "expected a view here; got a SwiftUI value that is not one")
        }
    }

    /// The views a value stands for: views, a colour or gradient, a closure of views run, or
    /// nothing for `nil`.
    mutating func views(_ value: TemplateValue, at offset: Int) throws(SpecError) -> [ChainSyntax] {
        switch value {
        case .views(let views): return views
        case .swiftUI(let e): return [try view(from: e)]
        case .closure(let closure): return try views(try invoke(closure, [], at: offset), at: offset)
        case .nil: return []
        case .array(let items):
            var views: [ChainSyntax] = []
            for item in items { views += try self.views(item, at: offset) }
            return views
        default: throw fail(offset, "expected a view; got \(value.kindName)")
        }
    }

    /// Applies modifier `name` to `views` (each of several, as a `Group` does): ignored when a
    /// still picture has no use for it, run when the module declares it in `extension View`.
    mutating func modify(_ views: [ChainSyntax], _ name: String, _ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int)
        throws(SpecError) -> TemplateValue
    {
        if StillPicture.ignoredModifiers.contains(name) { return .views(views) }
        if let custom = try module.modifier(name, from: scope.file, at: offset) {
            return try invoke(custom.function, file: custom.file, arguments: arguments, instance: nil, receiver: views, caller: &scope, at: offset)
        }
        if views.count != 1 {
            var modified: [ChainSyntax] = []
            for view in views { modified += try self.views(try modify([view], name, arguments, &scope, at: offset), at: offset) }
            return .views(modified)
        }
        var view = views[0]
        view.modifiers.append(try modifier(name, arguments, &scope, at: offset))
        return .views([view])
    }

    /// A modifier's syntax: its arguments as chain expressions, and its view content (a trailing
    /// closure, `content:`, or a view passed as the first argument of `overlay`/`background`/`mask`;
    /// several views in it stack as a `ZStack` with the modifier's alignment, as SwiftUI does).
    private mutating func modifier(_ name: String, _ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int) throws(SpecError)
        -> ModifierSyntax
    {
        let takesContent = ["overlay", "background", "mask"].contains(name)
        var rest: [SwiftArgument] = []
        var content: [ChainSyntax]?
        for argument in arguments {
            let isContent = argument.isTrailing || argument.label == "content" || (takesContent && argument.label == nil && content == nil)
            guard takesContent, isContent else {
                rest.append(argument)
                continue
            }
            let value = try evaluate(argument.value, &scope)
            if case .swiftUI(let e) = value, !argument.isTrailing, Self.isStyle(e) {
                rest.append(argument)
                continue
            }
            content = try views(value, at: argument.value.offset)
        }
        if name == "alignmentGuide" { return try alignmentGuide(arguments, &scope, at: offset) }
        var chainArguments = try self.chainArguments(rest, &scope, call: name)
        var contentSyntax: ChainSyntax?
        if let content {
            let alignment = chainArguments.first { $0.label == "alignment" }
            if content.count == 1 {
                contentSyntax = content[0]
            } else {
                let stackArguments = alignment.map { [Argument(label: "alignment", value: $0.value, offset: $0.offset)] } ?? []
                contentSyntax = ChainSyntax(
                    leaf: .stack(name: "ZStack", arguments: stackArguments, children: content, offset: offset), modifiers: [], offset: offset)
            }
            // `.overlay(Text("…"), alignment: .bottom)`: the older spelling, with the view first.
            chainArguments = chainArguments.filter { $0.label != nil }
        }
        let hasParentheses = arguments.isEmpty || arguments.contains { !$0.isTrailing }
        return ModifierSyntax(
            name: name, offset: offset, arguments: chainArguments, hasParentheses: hasParentheses || contentSyntax == nil, content: contentSyntax)
    }

    /// Whether a SwiftUI value is a style (`Color.red`, `.blue`, a gradient) rather than a view
    /// made of one with view modifiers.
    static func isStyle(_ e: Expression) -> Bool {
        switch e.kind {
        case .qualified, .member, .memberCall, .call: true
        case let .method(base, name, _): valueMethods.contains(name) && isStyle(base)
        default: false
        }
    }

    /// The chain arguments of a SwiftUI call. A button's action is never run: it becomes `{}`
    /// whatever it holds. Other closures are views (a button's label, a content closure).
    mutating func chainArguments(_ arguments: [SwiftArgument], _ scope: inout TemplateScope, call: String = "") throws(SpecError) -> [Argument] {
        var list: [Argument] = []
        let hasAction = arguments.contains { $0.label == "action" }
        for argument in arguments {
            let offset = argument.value.offset
            if Self.isAction(argument, in: call, hasActionArgument: hasAction) {
                list.append(Argument(label: "action", value: Expression(kind: .closure(nil), offset: offset), offset: offset))
                continue
            }
            let label = call == "Button" && argument.isTrailing && argument.label == nil ? "label" : argument.label
            let value = try evaluate(argument.value, &scope)
            let expression: Expression
            if case .closure = value {
                let views = try self.views(value, at: offset)
                let stacked =
                    views.count == 1
                    ? views[0]
                    : ChainSyntax(leaf: .stack(name: "HStack", arguments: [], children: views, offset: offset), modifiers: [], offset: offset)
                expression = Expression(kind: .closure(views.isEmpty ? nil : stacked), offset: offset)
            } else {
                expression = try self.expression(of: value, at: offset)
            }
            list.append(Argument(label: label, value: expression, offset: offset))
        }
        return list
    }

    /// Whether an argument is a button's action: `action:`, or the trailing closure of
    /// `Button("Title") { … }` / `Button { … } label: { … }`. Actions are never evaluated.
    static func isAction(_ argument: SwiftArgument, in call: String, hasActionArgument: Bool) -> Bool {
        guard call == "Button" else { return false }
        return argument.label == "action" || argument.isTrailing && argument.label == nil && !hasActionArgument
    }

    /// A value as a chain expression: a literal, a SwiftUI value, an array of them, or views as a closure.
    func expression(of value: TemplateValue, at offset: Int) throws(SpecError) -> Expression {
        let kind: Expression.Kind
        switch value {
        case .int(let i): kind = .number(Double(i))
        case .double(let d): kind = .number(d)
        case .string(let s): kind = .string(s)
        case .bool(let b): kind = .bool(b)
        case .nil: kind = .nil
        case .swiftUI(let e): return e
        case .array(let items):
            var list: [Expression] = []
            for item in items { list.append(try expression(of: item, at: offset)) }
            kind = .array(list)
        case .views(let views) where views.count == 1:
            // `clipShape(Circle())`, `fill(Color.red)`: a view written as a value is that value.
            switch (views[0].leaf, views[0].modifiers.isEmpty) {
            case (.view(let name, let arguments, _)?, true): kind = .call(type: name, arguments: arguments)
            case (.color(let e)?, true), (.gradient(let e)?, true): return e
            default: kind = .closure(views[0])
            }
        case .date(let date): kind = .string(date.formatted(locale: locale))
        default: throw fail(offset, "\(value.kindName) cannot be passed to SwiftUI here")
        }
        return Expression(kind: kind, offset: offset)
    }
}

/// `alignmentGuide(_:computeValue:)`: its closure stays an expression of the view's dimensions,
/// which the layout fills in.
extension TemplateEvaluator {
    mutating func alignmentGuide(_ arguments: [SwiftArgument], _ scope: inout TemplateScope, at offset: Int) throws(SpecError) -> ModifierSyntax {
        let keys = arguments.filter { !$0.isTrailing && $0.label != "computeValue" }
        guard let closureArgument = arguments.first(where: { $0.isTrailing || $0.label == "computeValue" }),
            case .closure(let closure) = closureArgument.value.kind, case .success(let body) = closure.body, body.count == 1,
            case .expression(let e) = body[0]
        else {
            throw fail(offset, "alignmentGuide takes a guide and a closure of one expression, e.g. .alignmentGuide(.leading) { d in d.width * 0.5 }")
        }
        let parameter = closure.parameters.first ?? "_"
        let guide = GuideClosureSyntax(parameter: parameter, body: try quoted(e, parameter: parameter, &scope), offset: closure.offset)
        return ModifierSyntax(
            name: "alignmentGuide", offset: offset, arguments: try chainArguments(keys, &scope), hasParentheses: true, content: nil, guide: guide)
    }

    /// The closure's body with `d.width`, `d[.trailing]` and friends kept as dimensions and the rest computed.
    private mutating func quoted(_ e: SwiftExpr, parameter: String, _ scope: inout TemplateScope) throws(SpecError) -> Expression {
        let dimension = { (name: String) in Expression(kind: .qualified(type: [parameter], member: name), offset: e.offset) }
        switch e.kind {
        case .member(let base, let name) where base.kind == .name(parameter):
            return dimension(name)
        case .subscripted(let base, let index) where base.kind == .name(parameter) && index.count == 1:
            let guide: String
            switch index[0].value.kind {
            case .implicitMember(let name), .member(_, let name): guide = name
            default: throw fail(e.offset, "a guide's closure reads d[.leading], d[.center], d[.trailing], d[.top], d[.bottom]")
            }
            switch guide {
            case "leading", "top": return Expression(kind: .number(0), offset: e.offset)
            case "trailing": return dimension("width")
            case "bottom": return dimension("height")
            case "center": return Expression(kind: .product(dimension("width"), Expression(kind: .number(0.5), offset: e.offset)), offset: e.offset)
            default: throw fail(e.offset, "`d[.\(guide)]` is not known to templates; use d.width or d.height")
            }
        case .binary("*", let a, let b):
            return Expression(
                kind: .product(try quoted(a, parameter: parameter, &scope), try quoted(b, parameter: parameter, &scope)), offset: e.offset)
        case .binary("/", let a, let b):
            return Expression(
                kind: .quotient(try quoted(a, parameter: parameter, &scope), try quoted(b, parameter: parameter, &scope)), offset: e.offset)
        default:
            return try expression(of: try evaluate(e, &scope), at: e.offset)
        }
    }
}
