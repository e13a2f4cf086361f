import Layout
import Testing
import TransformSpec

/// `Label`, `labelStyle`, `Divider` and `Group` in the chain language: what each spelling builds,
/// and that the canonical text parses back to the same tree.
@Suite("Label, Divider and Group in chains")
struct LabelDividerGroupChainTests {
    static func parse(_ text: String) throws(SpecError) -> ViewNode {
        try TransformSpec.parseChain(text, source: "src.jpg")
    }

    static func canonical(_ node: ViewNode) -> String {
        TransformSpec(source: "src.jpg", view: node).canonicalChain
    }

    static let mail = ViewNode.label(LabelView(title: .text(TextView("Mail")), icon: .symbol(SymbolView(name: "envelope"))))

    @Test("the string, closure and parenthesised-closure spellings of a Label build the same view")
    func labelSpellings() throws {
        #expect(try Self.parse(#"Label("Mail", systemImage: "envelope")"#) == Self.mail)
        #expect(try Self.parse(#"Label { Text("Mail") } icon: { Image(systemName: "envelope") }"#) == Self.mail)
        #expect(try Self.parse(#"Label(title: { Text("Mail") }, icon: { Image(systemName: "envelope") })"#) == Self.mail)
        #expect(Self.canonical(Self.mail) == #"Label("Mail",systemImage:"envelope")"#)
        let image = try Self.parse(#"Label("Logo", image: "logo.png")"#)
        #expect(image == .label(LabelView(title: .text(TextView("Logo")), icon: .image(ImageView(ref: .named("logo.png"))))))
        #expect(Self.canonical(image) == #"Label("Logo",image:"logo.png")"#)
    }

    @Test("labelStyle reaches the labels inside that set none; the nearest wins")
    func labelStyle() throws {
        let view = try Self.parse(
            #"VStack { Label("A", systemImage: "star").labelStyle(.titleOnly); Label("B", systemImage: "star") }.labelStyle(.iconOnly)"#)
        guard case .vStack(_, _, let children) = view, case .label(let a) = children[0], case .label(let b) = children[1] else {
            Issue.record("not two labels: \(view)")
            return
        }
        #expect(a.style == .titleOnly && b.style == .iconOnly)
        #expect(a.body == .text(TextView("A")) && b.body == .symbol(SymbolView(name: "star")))
        #expect(try Self.parse(Self.canonical(view)) == view)
        #expect(Self.mail.inheritingLabelStyle(.titleAndIcon) != Self.mail)
        #expect(throws: SpecError.self) { try Self.parse(#"Label("A", systemImage: "star").labelStyle(.vertical)"#) }
    }

    @Test("a font around a Label sizes its title and its icon alike")
    func labelFont() throws {
        let view = try Self.parse(#"Label("Mail", systemImage: "envelope").font(.title)"#)
        guard case .label(let label) = view, case .hStack(.center, nil, let parts) = label.body,
            case .symbol(let symbol) = parts[0], case .text(let text) = parts[1]
        else {
            Issue.record("not an icon-then-title label: \(view)")
            return
        }
        #expect(symbol.font == .textStyle(.title) && text.runs[0].attributes.font == .textStyle(.title))
        #expect(try Self.parse(Self.canonical(view)) == view)
    }

    @Test(
        "a Label without exactly one icon, or with a closure that is not a view, is refused",
        arguments: [
            #"Label("Mail")"#, #"Label("Mail", systemImage: "a", image: "b")"#, #"Label { Text("a") }"#, #"Label(title: "a", icon: "b")"#,
        ])
    func labelRefusals(_ text: String) {
        #expect(throws: SpecError.self) { try Self.parse(text) }
    }

    @Test("Divider() is a leaf that prints back as itself and takes no arguments")
    func divider() throws {
        let view = try Self.parse("VStack { Text(\"a\"); Divider(); Text(\"b\") }")
        #expect(view == .vStack(alignment: .center, spacing: nil, children: [.text(TextView("a")), .divider, .text(TextView("b"))]))
        #expect(Self.canonical(view) == #"VStack{Text("a");Divider();Text("b")}"#)
        #expect(throws: SpecError.self) { try Self.parse("Divider(1)") }
    }

    @Test("a Group's children join its parent's, each with the Group's modifiers after its own")
    func group() throws {
        let grouped = try Self.parse("HStack { Color.red; Group { Color.blue.frame(width: 10); Group { Color.green } }.padding(4) }")
        let flat = try Self.parse("HStack { Color.red; Color.blue.frame(width: 10).padding(4); Color.green.padding(4) }")
        #expect(grouped == flat)
        #expect(try Self.parse("Group { Color.red }.frame(width: 5)") == (try Self.parse("Color.red.frame(width: 5)")))
        #expect(try Self.parse("Group { Color.red; Color.blue }") == (try Self.parse("VStack { Color.red; Color.blue }")))
        #expect(throws: SpecError.self) { try Self.parse("Group(spacing: 2) { Color.red }") }
    }
}

/// The same views written in a template: Swift's trailing closures and `Group` as a template evaluates them.
@Suite("Label, Divider, Group and gradients in templates")
struct LabelDividerGroupTemplateTests {
    static func view(_ text: String) throws -> ViewNode {
        try ViewTemplate(name: "card", text: text, limits: SpecLimits()).spec(query: "", limits: SpecLimits()).view
    }

    @Test("a template's Label closures, Divider, Group and gradients build what the chain does")
    func template() throws {
        let text = """
            VStack {
                Label {
                    Text("Mail")
                } icon: {
                    Image(systemName: "envelope")
                }
                Divider()
                Group {
                    Color.red
                    RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 10)
                }
                .frame(width: 10, height: 10)
                Color.blue.gradient
            }
            """
        let chain =
            #"VStack { Label("Mail", systemImage: "envelope"); Divider(); Color.red.frame(width: 10, height: 10); "#
            + #"RadialGradient(colors: [.red, .blue], center: .center, startRadius: 0, endRadius: 10).frame(width: 10, height: 10); Color.blue.gradient }"#
        #expect(try Self.view(text) == (try TransformSpec.parseChain(chain, source: "src.jpg")))
    }
}

/// `Grid`, `GridRow` and `gridCellColumns` in chains.
@Suite("Grid in chains")
struct GridChainTests {
    static func parse(_ text: String) throws(SpecError) -> ViewNode {
        try TransformSpec.parseChain(text, source: "src.jpg")
    }

    @Test("rows, spans, a view across the grid and a Group of rows build the grid, and its canonical text parses back")
    func grid() throws {
        let view = try Self.parse(
            "Grid(alignment: .leading, verticalSpacing: 4) { GridRow(alignment: .top) { Color.red; Color.blue.frame(width: 5).gridCellColumns(2) }; Group { Divider(); GridRow { Color.red } } }"
        )
        let red = ViewNode.shape(.color(NamedColors.color(named: "red")!)), blue = ViewNode.shape(.color(NamedColors.color(named: "blue")!))
        #expect(
            view
                == .grid(
                    GridView(
                        alignment: .leading, verticalSpacing: 4,
                        rows: [
                            GridRowView(
                                cells: [GridCell(red), GridCell(.frame(blue, width: 5, height: nil, alignment: .center), columns: 2)], alignment: .top
                            ),
                            GridRowView(cells: [GridCell(.divider)], spansAllColumns: true), GridRowView(cells: [GridCell(red)]),
                        ])))
        let canonical = TransformSpec(source: "src.jpg", view: view).canonicalChain
        #expect(try Self.parse(canonical) == view, "\(canonical)")
    }

    @Test(
        "a GridRow outside a Grid, a modifier on a GridRow, a bad span or axis are refused",
        arguments: [
            "GridRow { Color.red }", "Grid { GridRow { Color.red }.padding() }", "Grid { GridRow { Color.red.gridCellColumns(0) } }",
            "Grid { GridRow { Color.red.gridCellColumns(1.5) } }", "Grid { GridRow { Color.red.gridCellUnsizedAxes(.diagonal) } }",
        ])
    func refusals(_ text: String) {
        #expect(throws: SpecError.self) { try Self.parse(text) }
    }

    @Test("outside a Grid's cell, as in SwiftUI, the cell modifiers change nothing")
    func cellModifiersOutsideAGrid() throws {
        #expect(try Self.parse("Color.red.gridCellColumns(2).gridCellUnsizedAxes([.horizontal, .vertical])") == Self.parse("Color.red"))
        let unsized = try Self.parse("Grid { GridRow { Color.red.gridCellUnsizedAxes(.vertical).gridCellColumns(2) } }")
        let canonical = TransformSpec(source: "src.jpg", view: unsized).canonicalChain
        #expect(canonical.contains(".gridCellColumns(2).gridCellUnsizedAxes(.vertical)"), "\(canonical)")
        #expect(try Self.parse(canonical) == unsized)
    }
}
