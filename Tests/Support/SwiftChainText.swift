import Layout

/// Writes a vector's op list as chain text in Swift syntax, the way a person would type it in a URL,
/// so the same worked examples also exercise the chain parser and the CLI.
extension LayoutVector {
    public var swiftChain: String { Self.swiftChain(chain) }

    public static func swiftChain(_ chain: [JSON]) -> String {
        chain.map { op -> String in
            let args = op["args"]!
            switch op["op"]!.string! {
            case "image": return "Image(\"\(args["name"]!.string!)\")"
            case "color": return "Color.\(args["name"]!.string!)"
            case "resizable":
                var list: [String] = []
                if let c = args["capInsets"] {
                    list.append(
                        "capInsets: EdgeInsets(top: \(n(c["top"])), leading: \(n(c["leading"])), bottom: \(n(c["bottom"])), trailing: \(n(c["trailing"])))"
                    )
                }
                if args["resizingMode"]?.string == "tile" { list.append("resizingMode: .tile") }
                return ".resizable(\(list.joined(separator: ", ")))"
            case "interpolation": return ".interpolation(.\(args["value"]!.string!))"
            case "aspectRatio":
                let ratio = args["ratio"].number.map { "\(n($0)), " } ?? ""
                return ".aspectRatio(\(ratio)contentMode: .\(args["contentMode"]!.string!))"
            case "frame", "flexFrame":
                let labels = ["width", "height", "minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]
                let list =
                    labels.compactMap { label in args[label].number.map { "\(label): \(n($0))" } }
                    + [args["alignment"]?.string.map { "alignment: .\($0)" }].compactMap { $0 }
                return ".frame(\(list.joined(separator: ", ")))"
            case let layer where layer == "overlay" || layer == "background":
                return ".\(layer)(alignment: .\(args["alignment"]!.string!)) { \(swiftChain(args["content"]!.array!)) }"
            case "border": return ".border(Color.\(args["style"]!.string!), width: \(n(args["width"])))"
            case "clipped": return ".clipped(antialiased: \(args["antialiased"]!.bool!))"
            case let other: fatalError("unknown op \(other)")
            }
        }.joined()
    }

    private static func n(_ value: JSON?) -> String { n(value.number!) }

    private static func n(_ value: Double) -> String {
        if value.isInfinite { return ".infinity" }
        return value == value.rounded() ? String(Int(value)) : String(value)
    }
}
