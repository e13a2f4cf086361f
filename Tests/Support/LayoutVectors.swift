import Foundation
import Layout

/// A decoded JSON value for reading the vector file (tests only).
public enum JSON: Decodable, Sendable, Equatable {
    case null, bool(Bool), number(Double), string(String), array([JSON]), object([String: JSON])

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([JSON].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: JSON].self))
        }
    }

    public subscript(key: String) -> JSON? {
        if case .object(let o) = self { o[key] } else { nil }
    }

    /// A number, `"infinity"` as +∞, or `nil` for null/absent/other.
    public var number: Double? {
        switch self {
        case .number(let n): n
        case .string("infinity"): .infinity
        default: nil
        }
    }

    public var string: String? { if case .string(let s) = self { s } else { nil } }
    public var bool: Bool? { if case .bool(let b) = self { b } else { nil } }
    public var array: [JSON]? { if case .array(let a) = self { a } else { nil } }
    public var object: [String: JSON]? { if case .object(let o) = self { o } else { nil } }
}

extension Optional where Wrapped == JSON {
    public var number: Double? { self?.number }
}

/// One worked example of `layout-vectors.json` (a copy of the shared file): an op chain, the
/// renderer's proposal and scale, and the expected plan.
public struct LayoutVector: CustomStringConvertible, Sendable {
    public let id: String
    public let chain: [JSON]
    public let proposal: ProposedSize
    public let scale: Double
    public let expected: JSON

    public var description: String { id }

    public static let file: JSON = {
        let url = Bundle.module.url(forResource: "layout-vectors", withExtension: "json", subdirectory: nil)!
        return try! JSONDecoder().decode(JSON.self, from: try! Data(contentsOf: url))
    }()

    public static let all: [LayoutVector] = file["vectors"]!.array!.map { v in
        LayoutVector(
            id: v["id"]!.string!,
            chain: v["chain"]!.array!,
            proposal: ProposedSize(width: v["proposal"]!["width"].number, height: v["proposal"]!["height"].number),
            scale: v["render_scale"].number!,
            expected: v["expected"]!)
    }

    /// Every image of the file, keyed by the names chains use.
    public static let catalog: ImageCatalog = {
        var catalog = ImageCatalog()
        for (name, info) in file["images"]!.object! {
            catalog[.named(name)] = metrics(info)
        }
        return catalog
    }()

    public static func metrics(_ info: JSON) -> ImageMetrics {
        ImageMetrics(
            pixelWidth: Int(info["pixel_width"].number!), pixelHeight: Int(info["pixel_height"].number!),
            scale: info["scale"].number!, orientation: ImageOrientation(rawValue: info["orientation"]!.string!)!)
    }

    public var view: ViewNode { Self.view(chain) }

    /// Builds the view tree straight from the op list (no parser involved).
    public static func view(_ chain: [JSON]) -> ViewNode {
        var node: ViewNode?
        var image: ImageView?
        for op in chain {
            let args = op["args"]!
            switch op["op"]!.string! {
            case "image": image = ImageView(ref: .named(args["name"]!.string!))
            case "color": node = .shape(.color(NamedColors.color(named: args["name"]!.string!)!))
            case "resizable":
                let caps =
                    args["capInsets"].map {
                        EdgeInsets(
                            top: $0["top"].number!, leading: $0["leading"].number!,
                            bottom: $0["bottom"].number!, trailing: $0["trailing"].number!)
                    } ?? .zero
                image!.resizing = Resizing(capInsets: caps, mode: ResizingMode(rawValue: args["resizingMode"]!.string!)!)
            case "interpolation": image!.interpolation = Interpolation(rawValue: args["value"]!.string!)!
            case let name:
                if let pending = image { node = .image(pending); image = nil }
                node = wrap(node!, name, args)
            }
        }
        if let pending = image { node = .image(pending) }
        return node!
    }

    static func wrap(_ child: ViewNode, _ op: String, _ args: JSON) -> ViewNode {
        let alignment = args["alignment"]?.string.flatMap(Alignment.init(rawValue:)) ?? .center
        switch op {
        case "aspectRatio":
            return .aspectRatio(child, ratio: args["ratio"].number, contentMode: ContentMode(rawValue: args["contentMode"]!.string!)!)
        case "frame":
            return .frame(child, width: args["width"].number, height: args["height"].number, alignment: alignment)
        case "flexFrame":
            let axis = { (a: String) in
                FlexAxis(min: args["min\(a)"].number, ideal: args["ideal\(a)"].number, max: args["max\(a)"].number)
            }
            return .flexFrame(child, FlexFrame(width: axis("Width"), height: axis("Height"), alignment: alignment))
        case "overlay":
            return .overlay(child, content: view(args["content"]!.array!), alignment: alignment)
        case "background":
            return .background(child, content: view(args["content"]!.array!), alignment: alignment)
        case "border":
            return .border(child, paint: .color(NamedColors.color(named: args["style"]!.string!)!), width: args["width"].number!)
        case "clipped":
            return .clipped(child, antialiased: args["antialiased"]!.bool!)
        default:
            fatalError("unknown op \(op)")
        }
    }
}
