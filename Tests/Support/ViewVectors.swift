import Foundation
import Layout
import PlanJSON

/// One worked example of `views-vectors.json` (a copy of the shared file): a JSON view tree, the
/// renderer's proposal and scale, and the expected layout.
public struct ViewVector: CustomStringConvertible, Sendable {
    public init(id: String, tree: JSON, proposal: ProposedSize, scale: Double, expected: JSON) {
        self.id = id
        self.tree = tree
        self.proposal = proposal
        self.scale = scale
        self.expected = expected
    }

    public let id: String
    public let tree: JSON
    public let proposal: ProposedSize
    public let scale: Double
    public let expected: JSON

    public var description: String { id }

    public static let file: JSON = {
        let url = Bundle.module.url(forResource: "views-vectors", withExtension: "json", subdirectory: nil)!
        return try! JSONDecoder().decode(JSON.self, from: try! Data(contentsOf: url))
    }()

    public static let all: [ViewVector] = file["vectors"]!.array!.map { v in
        let p = v["proposal"]
        return ViewVector(
            id: v["id"]!.string!, tree: v["tree"]!,
            proposal: ProposedSize(width: p?["width"].number, height: p?["height"].number),
            scale: v["render_scale"].number!, expected: v["expected"]!)
    }

    /// The ids of the tree's leaves (the views that name a drawn or spacer leaf).
    public var leafIDs: Set<String> { Self.leafIDs(tree) }

    static func leafIDs(_ t: JSON) -> Set<String> {
        var ids: Set<String> = []
        if t["children"] == nil, let id = t["id"]?.string { ids.insert(id) }
        for c in t["children"]?.array ?? [] { ids.formUnion(leafIDs(c)) }
        for m in t["mods"]?.array ?? [] {
            for (_, args) in m.object! { if let content = args["content"] { ids.formUnion(leafIDs(content)) } }
        }
        return ids
    }
}

extension ViewVector {
    /// `expected` with the vectors' name for a `background(_ style:)` fill, "BackgroundFill", replaced
    /// by what the plan reports it draws, a colour fill.
    public var normalisedExpected: JSON {
        guard case .object(var e) = expected, let unnamed = e["unnamed_leaves"]?.array else { return expected }
        e["unnamed_leaves"] = .array(
            unnamed.map { leaf in
                guard case .object(var l) = leaf, l["kind"]?.string == "BackgroundFill" else { return leaf }
                l["kind"] = .string("color")
                return .object(l)
            })
        return .object(e)
    }

    /// The plan of `view` (this vector's tree, however it was built) under the vector's proposal and
    /// scale, reshaped into the vector's `expected` format through the ids `ViewTreeBuilder` adds.
    public func plan(of view: ViewNode) throws -> JSON {
        let value: JSONValue
        do {
            value = try LayoutEngine.plan(
                view, images: ImageCatalog(), proposal: proposal, scale: scale, text: AssumedTextMetrics(tree: tree)
            ).json
        } catch {
            value = error.json
        }
        return reshaped(try JSONDecoder().decode(JSON.self, from: Data(value.serialized().utf8)))
    }

    /// A plan as `imgframe plan` prints it (or `LayoutEngine` gives it), reshaped into the vector's
    /// `expected` format through the ids `ViewTreeBuilder` (or `swiftChain(ids: true)`) adds.
    public func reshaped(_ plan: JSON) -> JSON {
        guard plan["error"] == nil else { return plan }
        let leaves = plan["leaves"]!.array!
        let nodes = plan["nodes"]!.object!
        let leafIDs = self.leafIDs
        func leaf(_ id: String) -> JSON? { leaves.first { $0["id"]?.string == id } }

        var out = plan.object!
        out["leaves"] = .array(
            (expected["leaves"]?.array ?? []).map { e in
                let id = e["id"]!.string!
                guard case .object(var l)? = leaf(id) else { return .object(["id": .string(id)]) }
                if l["layout_rect"] == nil { l["layout_rect"] = l["rect"] }
                if e["rect"] == .null { l["rect"] = .null }
                if let container = nodes["container:" + id] { l["container_rect"] = container }
                if let r = l["layout_rect"]?.array { l["origin"] = .array(Array(r.prefix(2))) }
                return .object(l)
            })
        out["nodes"] = .object(
            Dictionary(
                uniqueKeysWithValues: nodes.compactMap { key, rect in
                    key.hasPrefix("node:") ? (String(key.dropFirst(5)), rect) : nil
                }))
        out["unnamed_leaves"] = .array(leaves.filter { !leafIDs.contains($0["id"]?.string ?? "") })
        out["paint_order"] = .array(
            leaves.compactMap { l in
                l["id"]?.string.flatMap { leafIDs.contains($0) ? .string($0) : nil }
            })
        return .object(out)
    }
}

/// Why a tree cannot be built yet: it uses a view outside this engine's scope.
public struct UnsupportedView: Error, CustomStringConvertible {
    public let description: String
}

/// Builds `ViewNode`s from the vector schema. Ids become `id(_:)` modifiers: `id` on the bare leaf
/// (to find the leaf), `node:<id>` around the view with all its mods (`nodes{}`), and
/// `container:<id>` around a Text's first fixed frame (`container_rect`).
public enum ViewTreeBuilder {
    public static func view(_ t: JSON) throws -> ViewNode {
        var node = try bare(t)
        let id = t["id"]?.string
        if let id, t["children"] == nil { node = .id(node, id) }
        var containerMarked = false
        for mod in t["mods"]?.array ?? [] {
            let (name, args) = mod.object!.first!
            node = try modify(node, name, args)
            if t["view"]?.string == "Text", let id, !containerMarked, name == "frame",
                args["width"].number != nil, args["height"].number != nil
            {
                node = .id(node, "container:" + id)
                containerMarked = true
            }
        }
        if let id { node = .id(node, "node:" + id) }
        return node
    }

    static func color(_ name: String?) -> RGBAColor {
        // The SignIn stand-ins (`textFieldStandIn`, `buttonStandIn`) are plain colours.
        name.flatMap(NamedColors.color(named:)) ?? RGBAColor(bytes: 142, 142, 147)
    }

    static func bare(_ t: JSON) throws -> ViewNode {
        let children = { () throws -> [ViewNode] in try t["children"]!.array!.flatMap(members) }
        switch t["view"]!.string! {
        case "Divider": return .divider
        case "Grid":
            let rows = try t["children"]!.array!.map { row -> GridRowView in
                guard row["view"]?.string == "GridRow" else { return GridRowView(cells: [try cell(row, columns: 1)], spansAllColumns: true) }
                let cells = try row["children"]!.array!.map { c in try cell(c, columns: Int(columns(c))) }
                return GridRowView(cells: cells, alignment: row["alignment"]?.string.map { VerticalAlignment(rawValue: $0)! })
            }
            return .grid(
                GridView(
                    alignment: Alignment(rawValue: t["alignment"]?.string ?? "center")!, horizontalSpacing: t["horizontalSpacing"].number,
                    verticalSpacing: t["verticalSpacing"].number, rows: rows))
        case "Label":
            var label = LabelView(title: .text(TextView(t["string"]!.string!)), icon: .symbol(SymbolView(name: t["systemImage"]!.string!)))
            label.style = t["style"]?.string.map { LabelStyleKind(rawValue: $0)! }
            return .label(label)
        case "Color": return .shape(.color(color(t["name"]?.string)))
        case "LinearGradient":
            let red = color("red"), blue = color("blue")
            return .shape(
                .linearGradient(LinearGradient(colors: [red, blue], startPoint: UnitPoint(x: 0.5, y: 0), endPoint: UnitPoint(x: 0.5, y: 1))))
        case "Spacer": return .spacer(minLength: t["minLength"].number)
        case "Rectangle": return shape(.rectangle, t)
        case "Circle": return shape(.circle, t)
        case "Ellipse": return shape(.ellipse, t)
        case "Capsule": return shape(.capsule(style: style(t)), t)
        case "RoundedRectangle":
            let r = t["cornerRadius"].number!
            return shape(.roundedRectangle(cornerSize: Size(width: r, height: r), style: style(t)), t)
        case "Text": return .text(TextView(t["string"]!.string!, font: font(t["font"])))
        case "SymbolImage": return .symbol(SymbolView(name: t["name"]!.string!, isResizable: t["resizable"]?.bool ?? false))
        case "HStack":
            return .hStack(
                alignment: VerticalAlignment(rawValue: t["alignment"]?.string ?? "center")!, spacing: t["spacing"].number, children: try children())
        case "VStack":
            return .vStack(
                alignment: HorizontalAlignment(rawValue: t["alignment"]?.string ?? "center")!, spacing: t["spacing"].number, children: try children())
        case "ZStack":
            return .zStack(alignment: Alignment(rawValue: t["alignment"]?.string ?? "center")!, children: try children())
        case let other: throw UnsupportedView(description: "\(other)")
        }
    }

    /// The views a stack child stands for: a `Group`'s children, each built and then given the
    /// Group's mods (as the chain builder applies them after the child's own); else the child.
    static func members(_ t: JSON) throws -> [ViewNode] {
        guard t["view"]?.string == "Group" else { return [try view(t)] }
        return try t["children"]!.array!.flatMap(members).map { member in
            var node = member
            for mod in t["mods"]?.array ?? [] {
                let (name, args) = mod.object!.first!
                node = try modify(node, name, args)
            }
            return node
        }
    }

    /// A grid cell: its view, `columns`, and its `gridCellUnsizedAxes` (`["horizontal", "vertical"]`).
    static func cell(_ t: JSON, columns: Int) throws -> GridCell {
        let unsized = (t["mods"]?.array ?? []).compactMap { $0["gridCellUnsizedAxes"]?.array }.last?.compactMap(\.string) ?? []
        return GridCell(try view(t), columns: columns, isWidthUnsized: unsized.contains("horizontal"), isHeightUnsized: unsized.contains("vertical"))
    }

    /// A grid cell's `gridCellColumns` (1 without one).
    static func columns(_ t: JSON) -> Double {
        (t["mods"]?.array ?? []).compactMap { $0["gridCellColumns"].number }.last ?? 1
    }

    static func style(_ t: JSON) -> RoundedCornerStyle {
        RoundedCornerStyle(rawValue: t["style"]?.string ?? "continuous")!
    }

    static func font(_ f: JSON?) -> Font? {
        if let size = f?["size"].number { return .system(size: size) }
        return f?["style"]?.string.map { .textStyle(TextStyle(rawValue: $0)!) }
    }

    static func shape(_ kind: ShapeKind, _ t: JSON) -> ViewNode {
        let paint = t["paint"]
        if let w = paint?["stroke"].number { return .shapeView(ShapeView(kind: kind, drawing: .stroke(lineWidth: w))) }
        if let w = paint?["strokeBorder"].number { return .shapeView(ShapeView(kind: kind, drawing: .strokeBorder(lineWidth: w))) }
        return .shapeView(ShapeView(kind: kind, paint: paint?["fill"]?.string.map { .color(color($0)) }))
    }

    static func modify(_ node: ViewNode, _ name: String, _ a: JSON) throws -> ViewNode {
        let alignment = Alignment(rawValue: a["alignment"]?.string ?? "center")!
        switch name {
        case "frame":
            let flex = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
            if flex.contains(where: { a[$0] != nil }) {
                let axis = { (n: String) in FlexAxis(min: a["min\(n)"].number, ideal: a["ideal\(n)"].number, max: a["max\(n)"].number) }
                return .flexFrame(node, FlexFrame(width: axis("Width"), height: axis("Height"), alignment: alignment))
            }
            return .frame(node, width: a["width"].number, height: a["height"].number, alignment: alignment)
        case "padding":
            if let i = a["insets"] {
                return .padding(
                    node,
                    EdgeInsets(
                        top: i["top"].number ?? 0, leading: i["leading"].number ?? 0, bottom: i["bottom"].number ?? 0,
                        trailing: i["trailing"].number ?? 0))
            }
            let v = a["length"].number ?? 16
            let edges = a["edges"]?.string ?? "all"
            let h = ["all", "horizontal", "leading", "trailing"].contains(edges), vert = ["all", "vertical", "top", "bottom"].contains(edges)
            return .padding(
                node,
                EdgeInsets(
                    top: vert && edges != "bottom" ? v : 0, leading: h && edges != "trailing" ? v : 0,
                    bottom: vert && edges != "top" ? v : 0, trailing: h && edges != "leading" ? v : 0))
        case "layoutPriority": return .layoutPriority(node, a.number!)
        case "alignmentGuide":
            let g = a["guide"]!.string!
            let key: AlignmentKey = HorizontalAlignment(rawValue: g).map { .horizontal($0) } ?? .vertical(VerticalAlignment(rawValue: g)!)
            let value: AlignmentGuide.Value = a["value"].number.map { .constant($0) } ?? .fraction(a["fraction"].number!)
            return .alignmentGuide(node, AlignmentGuide(key: key, value: value))
        case "shadow":
            return .effect(
                node,
                .shadow(
                    Shadow(
                        color: a["color"]?.string.map { color($0) } ?? Shadow.defaultColor,
                        radius: a["radius"].number!, x: a["x"].number ?? 0, y: a["y"].number ?? 0)))
        case "offset": return .effect(node, .offset(x: a["x"].number ?? 0, y: a["y"].number ?? 0))
        case "opacity": return .effect(node, .opacity(a["value"].number!))
        case "clipped": return .clipped(node, antialiased: false)
        case "cornerRadius":
            let r = a["radius"].number!
            return .effect(node, .clipShape(.roundedRectangle(cornerSize: Size(width: r, height: r), style: .continuous)))
        case "clipShape":
            let kinds: [String: ShapeKind] = [
                "Circle": .circle, "Rectangle": .rectangle, "Ellipse": .ellipse, "Capsule": .capsule(style: .continuous),
            ]
            return .effect(node, .clipShape(kinds[a["shape"]!.string!]!))
        case "overlay": return .overlay(node, content: try view(a["content"]!), alignment: alignment)
        case "background": return .background(node, content: try view(a["content"]!), alignment: alignment)
        case "backgroundStyle": return .backgroundStyle(node, .color(color(a["style"]?.string)))
        case "border": return .border(node, paint: .color(color(a["style"]?.string ?? "black")), width: a["width"].number ?? 1)
        case "ignoresSafeArea": return .ignoresSafeArea(node)
        case "multilineTextAlignment":
            return node.inheritingText(TextEnvironment(paragraph: TextParagraph(alignment: TextAlignment(rawValue: a.string!)!)))
        case "font": return node  // Text styling: no effect on these layouts
        case "gridCellColumns", "gridCellUnsizedAxes": return node  // read by the Grid from its cell
        case "baselineOffset": return node.inheritingText(TextEnvironment(attributes: TextAttributes(baselineOffset: a.number!)))
        case "lineSpacing": return node.inheritingText(TextEnvironment(paragraph: TextParagraph(lineSpacing: a.number!)))
        case let other: throw UnsupportedView(description: "modifier \(other)")
        }
    }
}

/// The SF Pro metric model of views spec §6.4 with the vectors' assumed widths: heights and
/// baselines as SwiftUI computes them; widths from `assume.width` (8 pt a character without one).
public struct AssumedTextMetrics: TextMeasuring {
    let widths: [String: Double]

    public init(tree: JSON) {
        var widths: [String: Double] = [:]
        func walk(_ t: JSON) {
            if let s = t["string"]?.string, let w = t["assume"]?["width"].number { widths[s] = w }
            for c in t["children"]?.array ?? [] { walk(c) }
            for m in t["mods"]?.array ?? [] { for (_, a) in m.object! { if let c = a["content"] { walk(c) } } }
        }
        walk(tree)
        self.widths = widths
    }

    static let pointSizes: [TextStyle: Double] = [
        .largeTitle: 34, .title: 28, .title2: 22, .title3: 20, .headline: 17, .body: 17,
        .callout: 16, .subheadline: 15, .footnote: 13, .caption: 12, .caption2: 11,
    ]

    static func pointSize(_ font: Font) -> Double {
        switch font {
        case .textStyle(let s): pointSizes[s]!
        case .system(let size, _), .custom(_, let size, _): size
        }
    }

    public func metrics(of text: TextView) -> TextMetrics {
        let k = Self.pointSize(text.runs[0].attributes.resolvedFont) / 2048
        return TextMetrics(ascender: 1950 * k, descender: 494 * k, leading: 0, capHeight: 1443 * k)
    }

    public func size(of text: TextView, proposal: ProposedSize, pixelLength: Double) -> Size {
        let m = metrics(of: text)
        let width = widths[text.string] ?? 8 * Double(text.string.count)
        // One line: its height grows by the baseline shifts; line spacing adds nothing to one line.
        let lineHeight = text.height(lines: 1, lineHeight: m.ascender + m.descender)
        let height = (lineHeight / pixelLength - 1e-9).rounded(.up) * pixelLength
        return Size(width: width, height: height)
    }
}
