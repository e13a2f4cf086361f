import CheckedConversion
import Layout

/// `Label`, `labelStyle`, `Divider` and `Group`: views that arrange other views (or a separator)
/// without a layout of their own.
extension ChainBuilder {
    /// `Label("Mail", systemImage: "envelope")`, `Label("Mail", image: "mail.png")`,
    /// `Label { Text("Mail") } icon: { Image(systemName: "envelope") }` (also `Label(title: {…}, icon: {…})`).
    mutating func labelLeaf(_ arguments: [Argument], at offset: Int) throws(SpecError) -> Partial {
        // A template's first trailing closure arrives without its label, as Swift writes it.
        let arguments = arguments.map { a in
            guard a.label == nil, case .closure = a.value.kind else { return a }
            return Argument(label: "title", value: a.value, offset: a.offset)
        }
        guard let first = arguments.first, first.label == nil else {
            let args = try ArgumentList(
                arguments, signature: [.init(label: "title", optional: false), .init(label: "icon", optional: false)],
                call: "Label", param: param, offset: offset)
            return .view(.label(LabelView(title: try labelPart(args["title"]!, "title"), icon: try labelPart(args["icon"]!, "icon"))))
        }
        let args = try ArgumentList(
            arguments, signature: [.init(label: nil, optional: false), .init(label: "systemImage"), .init(label: "image")],
            call: "Label", param: param, offset: offset)
        let title = ViewNode.text(TextView(try values.string(args[nil]!, "a Label's title")))
        switch (args["systemImage"], args["image"]) {
        case (let name?, nil):
            try countImage(at: name.offset)
            let symbol = try symbolLeaf(Argument(label: "systemName", value: name, offset: name.offset))
            return .view(.label(LabelView(title: title, icon: .symbol(symbol))))
        case (nil, let name?):
            let icon = try leaf(.image(Argument(label: nil, value: name, offset: name.offset), offset: name.offset)).node
            return .view(.label(LabelView(title: title, icon: icon)))
        default:
            throw .argument(
                param: param, offset: offset,
                message: "Label takes a title and one icon: Label(\"Mail\", systemImage: \"envelope\") or Label(\"Mail\", image: \"mail.png\")")
        }
    }

    /// A Label's `title:` or `icon:` closure, holding one view.
    private mutating func labelPart(_ e: Expression, _ part: String) throws(SpecError) -> ViewNode {
        guard case .closure(let content) = e.kind, let content else {
            throw values.fail(
                e,
                "a Label's \(part) is a closure holding one view, e.g. \(part): { \(part == "icon" ? "Image(systemName: \"star\")" : "Text(\"Title\")") }"
            )
        }
        return try build(content)
    }

    /// `labelStyle(.iconOnly)` on a label or on any view around labels: each label inside that set
    /// no style of its own takes it; on a view with no labels it changes nothing. `nil` for every
    /// other modifier.
    func labelModifier(_ m: ModifierSyntax, _ partial: Partial) throws(SpecError) -> Partial? {
        guard m.name == "labelStyle" else { return nil }
        let value = try arguments(m, [.init(label: nil, optional: false)])[nil]!
        let style = try values.enumCase(value, LabelStyleKind.self, "labelStyle")
        let node = partial.node
        return node.containsLabels ? .view(node.inheritingLabelStyle(style)) : partial
    }

    /// The views a child stands for in its parent: a `Group`'s children (its own modifiers applied to
    /// each, after theirs), nested groups flattened; any other view is itself.
    func groupMembers(_ syntax: ChainSyntax) throws(SpecError) -> [ChainSyntax] {
        guard case let .stack("Group", arguments, children, _)? = syntax.leaf else { return [syntax] }
        if let first = arguments.first {
            throw .argument(param: param, offset: first.offset, message: "Group takes no arguments: Group { … }")
        }
        var members: [ChainSyntax] = []
        for child in children {
            var member = child
            member.modifiers += syntax.modifiers
            members += try groupMembers(member)
        }
        return members
    }
}

extension ChainBuilder {
    /// `Grid(alignment:horizontalSpacing:verticalSpacing:) { GridRow(alignment:) { cells } … }`; a
    /// view directly in the Grid is a row across all columns; `gridCellColumns(n)` on a cell (its
    /// last modifier) spans n columns.
    mutating func grid(_ arguments: [Argument], _ children: [ChainSyntax], at offset: Int) throws(SpecError) -> ViewNode {
        let args = try ArgumentList(
            arguments, signature: [.init(label: "alignment"), .init(label: "horizontalSpacing"), .init(label: "verticalSpacing")],
            call: "Grid", param: param, offset: offset)
        let values = self.values
        let spacing = { (label: String) throws(SpecError) -> Double? in
            try args[label].flatMap { (e) throws(SpecError) -> Double? in e.kind == .nil ? nil : try values.finite(e, label) }
        }
        var rows: [GridRowView] = []
        for child in children {
            for member in try groupMembers(child) {
                guard case let .stack("GridRow", rowArguments, cells, rowOffset)? = member.leaf else {
                    rows.append(GridRowView(cells: [try gridCell(member)], spansAllColumns: true))
                    continue
                }
                if let modifier = member.modifiers.first {
                    throw .argument(param: param, offset: modifier.offset, message: "write modifiers on a GridRow's cells, not on the GridRow")
                }
                let rowArgs = try ArgumentList(rowArguments, signature: [.init(label: "alignment")], call: "GridRow", param: param, offset: rowOffset)
                let alignment = try rowArgs["alignment"].map { (e) throws(SpecError) in
                    try values.enumCase(e, VerticalAlignment.self, "GridRow alignment")
                }
                var built: [GridCell] = []
                for cell in cells {
                    for syntax in try groupMembers(cell) { built.append(try gridCell(syntax)) }
                }
                try checkChildren(built.count, of: "GridRow", at: rowOffset)
                rows.append(GridRowView(cells: built, alignment: alignment))
            }
        }
        try checkChildren(rows.count, of: "Grid", at: offset)
        return .grid(
            GridView(
                alignment: try values.alignment(args["alignment"]), horizontalSpacing: try spacing("horizontalSpacing"),
                verticalSpacing: try spacing("verticalSpacing"), rows: rows))
    }

    /// A Grid's cell: its view without its cell modifiers, `gridCellColumns(n)` and
    /// `gridCellUnsizedAxes(_:)`, written last and in any order.
    private mutating func gridCell(_ cell: ChainSyntax) throws(SpecError) -> GridCell {
        var syntax = cell
        var built = GridCell(.spacer(minLength: nil))
        while let last = syntax.modifiers.last, ["gridCellColumns", "gridCellUnsizedAxes"].contains(last.name) {
            let value = try self.arguments(last, [.init(label: nil, optional: false)])[nil]!
            if last.name == "gridCellColumns" {
                let count = try values.number(value, "gridCellColumns")
                guard count >= 1, count <= Double(limits.maxChildren), count == count.rounded() else {
                    throw values.fail(value, "gridCellColumns takes a whole number of columns from 1 to \(limits.maxChildren)")
                }
                built.columns = Int(saturating: count)
            } else {
                (built.isWidthUnsized, built.isHeightUnsized) = try values.axes(value, "gridCellUnsizedAxes")
            }
            syntax.modifiers.removeLast()
        }
        built.view = try build(syntax)
        return built
    }
}
