import Layout

/// Writes a vector's JSON view tree as chain text in Swift syntax, the way a person would write the
/// SwiftUI code: stack children on their own lines (so line breaks separate them), spaces after
/// commas and colons. With `ids`, adds the `id(_:)` modifiers `ViewTreeBuilder` adds (`id` on a
/// bare leaf, `container:` after a Text's first fixed frame, `node:` around the whole view), so the
/// parsed tree equals the built one exactly and lays out with the same named rects.
extension ViewVector {
    public func swiftChain(ids: Bool) -> String { Self.swiftChain(tree, ids: ids, indent: "") }

    static func swiftChain(_ t: JSON, ids: Bool, indent: String) -> String {
        var text = bare(t, ids: ids, indent: indent)
        let id = t["id"]?.string
        if ids, let id, t["children"] == nil { text += ".id(\"\(id)\")" }
        var containerMarked = false
        for mod in t["mods"]?.array ?? [] {
            let (name, args) = mod.object!.first!
            text += modifier(name, args, ids: ids, indent: indent)
            if ids, t["view"]?.string == "Text", let id, !containerMarked, name == "frame",
                args["width"].number != nil, args["height"].number != nil
            {
                text += ".id(\"container:\(id)\")"
                containerMarked = true
            }
        }
        if ids, let id { text += ".id(\"node:\(id)\")" }
        // A Grid reads a cell's span from its last modifier.
        if let span = (t["mods"]?.array ?? []).compactMap({ $0["gridCellColumns"].number }).last { text += ".gridCellColumns(\(n(span)))" }
        if let axes = (t["mods"]?.array ?? []).compactMap({ $0["gridCellUnsizedAxes"]?.array }).last {
            text += ".gridCellUnsizedAxes([" + axes.compactMap(\.string).map { "." + $0 }.joined(separator: ",") + "])"
        }
        return text
    }

    static func color(_ name: String?) -> String {
        guard let name else { return "Color(red: 142/255, green: 142/255, blue: 147/255)" }
        return NamedColors.color(named: name) == nil ? color(nil) : "Color.\(name)"
    }

    static func bare(_ t: JSON, ids: Bool, indent: String) -> String {
        let view = t["view"]!.string!
        switch view {
        case "Color": return color(t["name"]?.string)
        case "Divider": return "Divider()"
        case "Label":
            let style = t["style"]?.string.map { ".labelStyle(.\($0))" } ?? ""
            return "Label(\"\(t["string"]!.string!)\", systemImage: \"\(t["systemImage"]!.string!)\")" + style
        case "LinearGradient": return "LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)"
        case "Spacer": return "Spacer(\(t["minLength"].number.map { "minLength: \(n($0))" } ?? ""))"
        case "Rectangle", "Circle", "Ellipse", "Capsule", "RoundedRectangle":
            var args: [String] = []
            if let r = t["cornerRadius"].number { args.append("cornerRadius: \(n(r))") }
            if let style = t["style"]?.string { args.append("style: .\(style)") }
            var text = "\(view)(\(args.joined(separator: ", ")))"
            if let w = t["paint"]?["stroke"].number { text += ".stroke(lineWidth: \(n(w)))" }
            if let w = t["paint"]?["strokeBorder"].number { text += ".strokeBorder(lineWidth: \(n(w)))" }
            if let fill = t["paint"]?["fill"]?.string { text += ".fill(\(color(fill)))" }
            return text
        case "SymbolImage":
            return "Image(systemName: \"\(t["name"]!.string!)\")" + (t["resizable"]?.bool == true ? ".resizable()" : "")
        case "Text":
            var text = "Text(\"\(t["string"]!.string!)\")"
            if let size = t["font"]?["size"].number { text += ".font(.system(size: \(n(size))))" }
            if let style = t["font"]?["style"]?.string { text += ".font(.\(style))" }
            return text
        default:
            var args: [String] = []
            if let alignment = t["alignment"]?.string { args.append("alignment: .\(alignment)") }
            if let spacing = t["spacing"].number { args.append("spacing: \(n(spacing))") }
            for label in ["horizontalSpacing", "verticalSpacing"] { if let s = t[label].number { args.append("\(label): \(n(s))") } }
            let head = args.isEmpty ? view : "\(view)(\(args.joined(separator: ", ")))"
            let inner = indent + "    "
            let children = (t["children"]?.array ?? []).map { inner + swiftChain($0, ids: ids, indent: inner) }
            return head + " {\n" + children.joined(separator: "\n") + "\n" + indent + "}"
        }
    }

    static func modifier(_ name: String, _ a: JSON, ids: Bool, indent: String) -> String {
        let labelled = { (labels: [String]) in labels.compactMap { l in a[l].number.map { "\(l): \(n($0))" } } }
        switch name {
        case "frame":
            let labels = ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
            return ".frame(\((labelled(labels) + [a["alignment"]?.string.map { "alignment: .\($0)" }].compactMap { $0 }).joined(separator: ", ")))"
        case "padding":
            if let i = a["insets"] {
                let sides = ["top", "leading", "bottom", "trailing"].compactMap { l in i[l].number.map { "\(l): \(n($0))" } }
                return ".padding(EdgeInsets(\(sides.joined(separator: ", "))))"
            }
            let edges = a["edges"]?.string.flatMap { $0 == "all" ? nil : ".\($0)" }
            return ".padding(\([edges, a["length"].number.map(n)].compactMap { $0 }.joined(separator: ", ")))"
        case "layoutPriority": return ".layoutPriority(\(n(a.number!)))"
        case "alignmentGuide":
            let g = a["guide"]!.string!
            let horizontal = HorizontalAlignment(rawValue: g) != nil
            let key = g == "center" ? "HorizontalAlignment.center" : ".\(g)"
            if let v = a["value"].number { return ".alignmentGuide(\(key)) { _ in \(n(v)) }" }
            let f = a["fraction"].number!, dimension = horizontal ? "width" : "height"
            let divisor = 1 / f
            if divisor == divisor.rounded(), 1 / divisor == f { return ".alignmentGuide(\(key)) { d in d.\(dimension) / \(n(divisor)) }" }
            return ".alignmentGuide(\(key)) { d in d.\(dimension) * \(n(f)) }"
        case "shadow":
            let color = a["color"]?.string.map { ["color: .\($0)"] } ?? []
            return ".shadow(\((color + labelled(["radius", "x", "y"])).joined(separator: ", ")))"
        case "offset": return ".offset(\(labelled(["x", "y"]).joined(separator: ", ")))"
        case "opacity": return ".opacity(\(n(a["value"].number!)))"
        case "clipped": return ".clipped()"
        case "cornerRadius": return ".cornerRadius(\(n(a["radius"].number!)))"
        case "clipShape": return ".clipShape(\(a["shape"]!.string!)())"
        case "overlay", "background":
            let alignment = a["alignment"]?.string.map { "(alignment: .\($0))" } ?? ""
            return ".\(name)\(alignment) { \(swiftChain(a["content"]!, ids: ids, indent: indent)) }"
        case "backgroundStyle": return ".background(\(color(a["style"]?.string)))"
        case "border": return ".border(\(color(a["style"]?.string ?? "black")), width: \(n(a["width"].number ?? 1)))"
        case "ignoresSafeArea": return "\n\(indent)    .ignoresSafeArea()"
        case "multilineTextAlignment": return ".multilineTextAlignment(.\(a.string!))"
        case "gridCellColumns", "gridCellUnsizedAxes": return ""
        case "baselineOffset": return ".baselineOffset(\(n(a.number!)))"
        case "lineSpacing": return ".lineSpacing(\(n(a.number!)))"
        case let other: return ".\(other)(…)"  // not expressible: the parser reports it
        }
    }

    static func n(_ value: Double) -> String {
        if value.isInfinite { return value > 0 ? ".infinity" : "-.infinity" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }
}
