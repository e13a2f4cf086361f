/// One key of the URL query: its name and what it sets. `QueryKey.all` is the parser's one table
/// of keys; every list of keys (`QueryParameters.known`, `layoutSugar`, `rendererOptions`, the keys
/// that give a size) is read from it.
public struct QueryKey: Sendable, Hashable {
    /// What a key sets.
    public enum Role: Sendable, Hashable {
        /// The layout of the request's own image: compiles to a chain, so cannot be mixed with `chain`.
        case layout
        /// The request's own image outside the sugar: its orientation, the chain, the proposed size's source.
        case image
        /// How to render and encode, the signature, the download name and presets: what a view
        /// template accepts besides its own parameters.
        case renderer
    }

    /// The key as the URL writes it.
    public let name: String
    /// What it sets.
    public let role: Role
    /// It gives a size (`w`, `pw`, `minw`, …): `ratio` without any of them implies `propose=image`.
    public let givesSize: Bool

    init(_ name: String, _ role: Role, givesSize: Bool = false) {
        self.name = name
        self.role = role
        self.givesSize = givesSize
    }

    /// Every accepted key, in the order the URL API reference lists them.
    public static let all: [QueryKey] = [
        QueryKey("w", .layout, givesSize: true), QueryKey("h", .layout, givesSize: true),
        QueryKey("minw", .layout, givesSize: true), QueryKey("maxw", .layout, givesSize: true),
        QueryKey("minh", .layout, givesSize: true), QueryKey("maxh", .layout, givesSize: true),
        QueryKey("mode", .layout), QueryKey("ratio", .layout), QueryKey("align", .layout), QueryKey("focus", .layout), QueryKey("trim", .layout),
        QueryKey("enlarge", .layout), QueryKey("clip", .layout), QueryKey("interp", .layout), QueryKey("insets", .layout),
        QueryKey("radius", .layout),
        QueryKey("mask", .layout), QueryKey("blur", .layout), QueryKey("sharpen", .layout), QueryKey("grayscale", .layout), QueryKey("pad", .layout),
        QueryKey("orient", .image), QueryKey("turn", .image),
        QueryKey("scale", .renderer), QueryKey("dpr", .renderer), QueryKey("canvas", .renderer),
        QueryKey("bg", .layout), QueryKey("border", .layout), QueryKey("overlay", .layout), QueryKey("oalign", .layout),
        QueryKey("opaque", .renderer), QueryKey("fmt", .renderer), QueryKey("q", .renderer), QueryKey("colormode", .renderer),
        QueryKey("page", .renderer),
        QueryKey("frame", .renderer), QueryKey("maxbytes", .renderer), QueryKey("png", .renderer), QueryKey("dither", .renderer),
        QueryKey("chroma", .renderer), QueryKey("lossless", .renderer), QueryKey("progressive", .renderer), QueryKey("meta", .renderer),
        QueryKey("chain", .image),
        QueryKey("pw", .renderer, givesSize: true), QueryKey("ph", .renderer, givesSize: true),
        QueryKey("propose", .image),
        QueryKey("v", .renderer), QueryKey("sig", .renderer), QueryKey("exp", .renderer), QueryKey("dl", .renderer), QueryKey("preset", .renderer),
    ]

    /// The names of the keys of `role`, in the table's order.
    static func names(_ role: Role) -> [String] {
        all.filter { $0.role == role }.map(\.name)
    }
}
