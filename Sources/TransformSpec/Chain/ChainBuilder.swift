import Layout

/// Gives a parsed chain its SwiftUI meaning: checks each modifier's labels and values, folds the
/// image-, shape- and text-only modifiers into their leaf, expands `framedAspectRatio`, fills in
/// SwiftUI's defaults, and produces a normalised `ViewNode` (equivalent spellings give equal values).
/// View-tree leaves, containers and modifiers are in `ChainBuilder+Views.swift`.
struct ChainBuilder {
    /// The request's source path: `Image("<source>")` means the same image as the implicit leaf.
    let source: String
    let param: String
    let limits: SpecLimits
    private(set) var modifierCount = 0
    private(set) var imageCount = 0

    init(source: String, param: String = "chain", limits: SpecLimits = SpecLimits()) {
        self.source = source
        self.param = param
        self.limits = limits
    }

    var values: ChainValues { ChainValues(param: param, limits: limits) }

    /// The view under construction: a leaf that leaf-only modifiers (`resizable`, `fill`, `font`, a
    /// colour's `opacity`) may still change, or a finished view.
    enum Partial {
        case image(ImageView)
        case color(RGBAColor)
        /// A shape; `styled` once `fill`/`stroke`/`strokeBorder` has been applied.
        case shape(ShapeView, styled: Bool)
        case text(TextView)
        /// `Image(systemName:)`, which `resizable`, `font`, `foregroundStyle`, `imageScale` change.
        case symbol(SymbolView)
        case view(ViewNode)

        var node: ViewNode {
            switch self {
            case .image(let image): .image(image)
            case .color(let color): .shape(.color(color))
            case .shape(let shape, _): .shapeView(shape)
            case .text(let text): .text(text)
            case .symbol(let symbol): .symbol(symbol)
            case .view(let node): node
            }
        }
    }

    static let modifiers =
        [
            "resizable", "interpolation", "focus", "trim", "crop", "enlarging", "aspectRatio", "scaledToFit", "scaledToFill", "frame", "overlay",
            "background",
            "border", "clipped", "framedAspectRatio", "opacity", "labelStyle", "mask",
        ] + viewModifiers + symbolModifiers + controlModifiers

    /// Builds the view for `syntax`; a chain without a leaf starts from the request's own image.
    mutating func build(_ syntax: ChainSyntax) throws(SpecError) -> ViewNode {
        let view = try buildPartial(syntax).node
        // A trim changes the image itself (its intrinsic size), so one image has one trim.
        let trims = view.imageTrims
        for image in view.imageLeaves where image.trim != nil && image.trim != trims[image.ref] {
            throw .conflict(
                param: param, message: "Image(\"\(image.ref.name(primary: source))\") is trimmed two different ways; trim each image once")
        }
        let crops = view.imageCrops
        for image in view.imageLeaves where image.crop != nil && image.crop != crops[image.ref] {
            throw .conflict(
                param: param, message: "Image(\"\(image.ref.name(primary: source))\") is cropped two different ways; crop each image once")
        }
        for image in view.imageLeaves where image.crop != nil && trims[image.ref] != nil || image.trim != nil && crops[image.ref] != nil {
            throw .conflict(param: param, message: "Image(\"\(image.ref.name(primary: source))\") is both trimmed and cropped; use one")
        }
        return view
    }

    /// `build`, stopping before a leaf that modifiers may still change becomes a view.
    mutating func buildPartial(_ syntax: ChainSyntax) throws(SpecError) -> Partial {
        var partial: Partial
        switch syntax.leaf {
        case .stack("Group", _, _, _)?:
            // Outside a stack a Group's views stack vertically, as a view body's top-level views do.
            let members = try groupMembers(syntax)
            if members.count == 1 { return try buildPartial(members[0]) }
            var nodes: [ViewNode] = []
            for member in members { nodes.append(try build(member)) }
            try checkChildren(nodes.count, of: "Group", at: syntax.offset)
            return .view(.vStack(alignment: .center, spacing: nil, children: nodes))
        case nil:
            try countImage(at: syntax.offset)
            partial = .image(ImageView(ref: .primary))
        case .some(let leaf):
            partial = try self.leaf(leaf)
        }
        for modifier in syntax.modifiers {
            modifierCount += 1
            guard modifierCount <= limits.maxModifiers else {
                throw .limitExceeded(param: param, message: "`\(param)` has more than \(limits.maxModifiers) modifiers")
            }
            partial = try apply(modifier, to: partial)
        }
        return partial
    }

    /// Checks a container's children after `Group`s joined theirs to it (`maxChildren`).
    func checkChildren(_ count: Int, of name: String, at offset: Int) throws(SpecError) {
        guard count <= limits.maxChildren else {
            throw .limitExceeded(
                param: param, message: "`\(param)`: `\(name)` at offset \(offset) has \(count) children; the limit is \(limits.maxChildren)")
        }
    }

    mutating func countImage(at offset: Int) throws(SpecError) {
        imageCount += 1
        guard imageCount <= limits.maxImages else {
            throw .limitExceeded(param: param, message: "`\(param)` shows more than \(limits.maxImages) images")
        }
    }

    mutating func leaf(_ leaf: LeafSyntax) throws(SpecError) -> Partial {
        switch leaf {
        case let .image(argument, offset):
            if let argument, argument.label == "systemName" {
                try countImage(at: offset)
                return .symbol(try symbolLeaf(argument))
            }
            guard let argument, argument.label == nil, case .string(let name) = argument.value.kind, !name.isEmpty else {
                throw .argument(
                    param: param, offset: argument?.offset ?? offset,
                    message: "Image needs a source name in quotes, e.g. Image(\"logo.png\"), or a symbol: Image(systemName: \"star\")")
            }
            guard name.utf8.count <= limits.maxNameLength else {
                throw .argument(param: param, offset: argument.offset, message: "the image name is longer than \(limits.maxNameLength) bytes")
            }
            try countImage(at: offset)
            return .image(ImageView(ref: name == source ? .primary : .named(name)))
        case .color(let expression):
            return .color(try values.color(expression))
        case .gradient(let expression):
            guard let gradient = try values.gradient(expression) else { throw values.fail(expression, "expected a gradient") }
            return .view(.shape(gradient))
        case let .view(name, arguments, offset):
            return try viewLeaf(name, arguments, at: offset)
        case let .stack(name, arguments, children, offset):
            return .view(try stack(name, arguments, children, at: offset))
        case .concatenation(let parts):
            return try concatenation(parts)
        }
    }

    private mutating func apply(_ m: ModifierSyntax, to partial: Partial) throws(SpecError) -> Partial {
        if m.content != nil, m.name != "overlay", m.name != "background", m.name != "mask" {
            throw .argument(param: param, offset: m.offset, message: "\(m.name) takes no { content }; only overlay, background and mask do")
        }
        if let controlModified = try controlModifier(m, partial) { return controlModified }
        if let labelModified = try labelModifier(m, partial) { return labelModified }
        if let symbolModified = try symbolModifier(m, partial) { return symbolModified }
        if let styled = try textModifier(m, partial) { return styled }
        if let leafModified = try leafModifier(m, partial) { return leafModified }
        switch m.name {
        case "resizable", "interpolation", "focus", "trim", "crop", "enlarging":
            guard case .image(var image) = partial else {
                throw .argument(
                    param: param, offset: m.offset,
                    message: "\(m.name)() is an Image modifier: put it right after the image, before any frame, aspectRatio or other view modifier")
            }
            try imageModifier(m, &image)
            return .image(image)
        case "opacity":
            let args = try arguments(m, [.init(label: nil, optional: false)])
            let factor = try values.number(args[nil]!, "opacity")
            guard (0...1).contains(factor) else { throw values.fail(args[nil]!, "opacity must be between 0 and 1") }
            // On a bare Color, the faded colour (same pixels; see the printer's note on this overlap).
            guard case .color(var color) = partial else { return .view(.effect(partial.node, .opacity(factor))) }
            color.opacity *= factor
            return .color(color)
        default:
            return .view(try viewModifier(m, partial.node))
        }
    }

    private func imageModifier(_ m: ModifierSyntax, _ image: inout ImageView) throws(SpecError) {
        if m.name == "interpolation" {
            let args = try arguments(m, [.init(label: nil, optional: false)])
            image.interpolation = try values.enumCase(args[nil]!, Interpolation.self, "interpolation")
            return
        }
        if m.name == "focus" {
            image.focus = try focus(m)
            return
        }
        if m.name == "enlarging" {
            let args = try arguments(m, [.init(label: nil, optional: false)])
            image.enlarges = try values.bool(args[nil]!, "enlarging")
            return
        }
        if m.name == "trim" {
            let args = try arguments(m, [.init(label: "threshold"), .init(label: "color")])
            var trim = ImageTrim()
            if let threshold = args["threshold"] {
                trim.threshold = try values.number(threshold, "threshold")
                guard (0...255).contains(trim.threshold) else { throw values.fail(threshold, "trim threshold is a colour distance from 0 to 255") }
            }
            trim.color = try args["color"].map { (e) throws(SpecError) in try values.color(e) }
            image.trim = trim
            return
        }
        if m.name == "crop" {
            image.crop = try crop(m)
            return
        }
        let args = try arguments(m, [.init(label: "capInsets"), .init(label: "resizingMode")])
        image.resizing = Resizing(
            capInsets: try args["capInsets"].map { (e) throws(SpecError) in try values.edgeInsets(e) } ?? .zero,
            mode: try args["resizingMode"].map { (e) throws(SpecError) in try values.enumCase(e, ResizingMode.self, "resizingMode") } ?? .stretch)
    }

    /// `crop(width:height:alignment:)` or `crop(x:y:width:height:)`: a side is 0 (whole), a fraction
    /// below 1, or pixels from 1; `x`/`y` are the top-left corner in pixels of the upright image.
    private func crop(_ m: ModifierSyntax) throws(SpecError) -> ImageCrop {
        let args = try arguments(
            m,
            [
                .init(label: "x"), .init(label: "y"), .init(label: "width", optional: false), .init(label: "height", optional: false),
                .init(label: "alignment"),
            ])
        func length(_ label: String) throws(SpecError) -> Double {
            let argument = args[label]!
            let value = try values.number(argument, label)
            guard value >= 0 else {
                throw values.fail(argument, "crop \(label) is 0 (the whole side), a fraction below 1, or pixels from 1")
            }
            return value
        }
        var crop = ImageCrop(width: try length("width"), height: try length("height"))
        switch (args["x"], args["y"]) {
        case (nil, nil):
            crop.alignment = try args["alignment"].map { (e) throws(SpecError) in try values.enumCase(e, Alignment.self, "alignment") } ?? .center
        case let (x?, y?):
            guard args["alignment"] == nil else {
                throw .argument(param: param, offset: m.offset, message: "crop takes x: and y: or an alignment:, not both")
            }
            let (left, top) = (try values.number(x, "x"), try values.number(y, "y"))
            guard left >= 0, top >= 0 else {
                throw .argument(param: param, offset: m.offset, message: "crop x and y are pixels of the upright image, ≥ 0")
            }
            crop.origin = Point(x: left, y: top)
        default:
            throw .argument(param: param, offset: m.offset, message: "crop takes both x: and y: (the window's top-left corner in pixels), or neither")
        }
        return crop
    }

    /// `focus(.attention)`, `focus(.entropy)`, `focus(x: 0.3, y: 0.25)` (fractions of the image) or
    /// `focus(pixelX: 1200, pixelY: 800)` (pixels of the upright image).
    private func focus(_ m: ModifierSyntax) throws(SpecError) -> ImageFocus {
        let args = try arguments(m, [.init(label: nil), .init(label: "x"), .init(label: "y"), .init(label: "pixelX"), .init(label: "pixelY")])
        if args["pixelX"] != nil || args["pixelY"] != nil {
            guard let xArgument = args["pixelX"], let yArgument = args["pixelY"], args[nil] == nil, args["x"] == nil, args["y"] == nil else {
                throw .argument(param: param, offset: m.offset, message: "focus(pixelX:pixelY:) takes both pixel coordinates and nothing else")
            }
            let (x, y) = (try values.number(xArgument, "pixelX"), try values.number(yArgument, "pixelY"))
            guard x >= 0, y >= 0 else {
                throw .argument(param: param, offset: m.offset, message: "focus pixelX and pixelY are pixels of the upright image, ≥ 0")
            }
            return .pixel(x: x, y: y)
        }
        if let strategy = args[nil] {
            guard args["x"] == nil, args["y"] == nil else {
                throw .argument(param: param, offset: m.offset, message: "focus takes a strategy (.attention, .entropy) or x: and y:, not both")
            }
            return .content(try values.enumCase(strategy, ContentFocus.self, "focus"))
        }
        guard let xArgument = args["x"], let yArgument = args["y"] else {
            throw .argument(
                param: param, offset: m.offset,
                message: "focus needs .attention, .entropy, or a point focus(x: 0.3, y: 0.25) in fractions of the image")
        }
        let (x, y) = (try values.number(xArgument, "x"), try values.number(yArgument, "y"))
        guard (0...1).contains(x) else { throw values.fail(xArgument, "focus x is a fraction of the image's width, 0 to 1") }
        guard (0...1).contains(y) else { throw values.fail(yArgument, "focus y is a fraction of the image's height, 0 to 1") }
        return .point(x: x, y: y)
    }

    func arguments(_ m: ModifierSyntax, _ signature: [ArgumentList.Parameter]) throws(SpecError) -> ArgumentList {
        try ArgumentList(m.arguments, signature: signature, call: m.name, param: param, offset: m.offset)
    }

    private mutating func viewModifier(_ m: ModifierSyntax, _ child: ViewNode) throws(SpecError) -> ViewNode {
        switch m.name {
        case "aspectRatio", "framedAspectRatio":
            let args = try arguments(m, [.init(label: nil), .init(label: "contentMode", optional: false)])
            let ratio = try args[nil].flatMap { (e) throws(SpecError) -> Double? in e.kind == .nil ? nil : try values.ratio(e) }
            let mode = try values.enumCase(args["contentMode"]!, ContentMode.self, "contentMode")
            guard m.name == "framedAspectRatio" else { return .aspectRatio(child, ratio: ratio, contentMode: mode) }
            // The helper from "Image aspectRatio without frames": a clear box of the ratio, the view
            // filling or fitting it as an overlay, clipped to the box.
            return .clipped(
                .overlay(
                    .aspectRatio(.shape(.color(.clear)), ratio: ratio, contentMode: .fit),
                    content: .aspectRatio(child, ratio: nil, contentMode: mode), alignment: .center),
                antialiased: false)
        case "scaledToFit", "scaledToFill":
            _ = try arguments(m, [])
            return .aspectRatio(child, ratio: nil, contentMode: m.name == "scaledToFit" ? .fit : .fill)
        case "frame":
            return try frame(m, child)
        case "overlay", "background", "mask":
            return try secondaryLayer(m, child)
        case "border":
            let args = try arguments(m, [.init(label: nil, optional: false), .init(label: "width")])
            let width = try args["width"].map { (e) throws(SpecError) in try values.finite(e, "border width") } ?? 1
            return .border(child, paint: try values.paint(args[nil]!), width: width)
        case "clipped":
            let args = try arguments(m, [.init(label: "antialiased")])
            return .clipped(child, antialiased: try args["antialiased"].map { (e) throws(SpecError) in try values.bool(e, "antialiased") } ?? false)
        case _ where Self.viewModifiers.contains(m.name):
            return try treeModifier(m, child)
        default:
            throw .argument(
                param: param, offset: m.offset,
                message: "unknown modifier `\(m.name)`"
                    + (Suggestion.nearest(to: m.name, among: Self.modifiers).map { " (did you mean `\($0)`?)" } ?? "")
                    + "; supported: \(Self.modifiers.joined(separator: ", "))")
        }
    }

    private static let fixedLabels = ["width", "height"]
    private static let flexLabels = ["minWidth", "idealWidth", "maxWidth", "minHeight", "idealHeight", "maxHeight"]

    private func frame(_ m: ModifierSyntax, _ child: ViewNode) throws(SpecError) -> ViewNode {
        let labels = Set(m.arguments.compactMap(\.label))
        let flexible = !labels.isDisjoint(with: Self.flexLabels)
        if flexible, !labels.isDisjoint(with: Self.fixedLabels) {
            throw .argument(
                param: param, offset: m.offset,
                message: "frame takes either width/height or min/ideal/max sizes, not both; chain two frames instead")
        }
        let signature = ((flexible ? Self.flexLabels : Self.fixedLabels) + ["alignment"]).map { ArgumentList.Parameter(label: $0) }
        let args = try arguments(m, signature)
        let alignment = try values.alignment(args["alignment"])
        guard flexible else {
            // SwiftUI logs and ignores negative or non-finite fixed sizes; the service rejects them (spec §4.3).
            let width = try args["width"].map { (e) throws(SpecError) in try values.finite(e, "frame width") }
            let height = try args["height"].map { (e) throws(SpecError) in try values.finite(e, "frame height") }
            if width == nil && height == nil { return child }
            return .frame(child, width: width, height: height, alignment: alignment)
        }
        func axis(_ name: String) throws(SpecError) -> FlexAxis {
            FlexAxis(
                min: try values.optionalNumber(args["min\(name)"], "min\(name)"),
                ideal: try values.optionalNumber(args["ideal\(name)"], "ideal\(name)"),
                max: try values.optionalNumber(args["max\(name)"], "max\(name)"))
        }
        let frame = FlexFrame(width: try axis("Width"), height: try axis("Height"), alignment: alignment)
        if frame.width.isUnconstrained && frame.height.isUnconstrained { return child }
        return .flexFrame(child, frame)
    }

    private mutating func secondaryLayer(_ m: ModifierSyntax, _ child: ViewNode) throws(SpecError) -> ViewNode {
        let content: ViewNode
        let args: ArgumentList
        if let closure = m.content {
            args = try arguments(m, [.init(label: "alignment")])
            content = try build(closure)
        } else if m.name == "background", let style = try backgroundStyle(m, child) {
            return style
        } else if m.name == "mask" {
            // The deprecated `mask(_ mask:)`: a view value, aligned at the centre.
            args = try arguments(m, [.init(label: nil, optional: false)])
            content = try maskValue(args[nil]!)
        } else {
            args = try arguments(m, [.init(label: nil, optional: false), .init(label: "alignment")])
            content = try layerValue(args[nil]!)
        }
        let alignment = try values.alignment(args["alignment"])
        switch m.name {
        case "overlay": return .overlay(child, content: content, alignment: alignment)
        case "mask": return .mask(child, mask: content, alignment: alignment)
        default: return .background(child, content: content, alignment: alignment)
        }
    }

    /// The view of `mask(Circle())`, `mask(Text("A"))`, `mask(Color.black.opacity(0.5))` or
    /// `mask(LinearGradient(…))`: a view leaf written as a value.
    private mutating func maskValue(_ e: Expression) throws(SpecError) -> ViewNode {
        if case .call(let name, let arguments) = e.kind, name != "Image", name != "LinearGradient", name != "Color" {
            return try viewLeaf(name, arguments, at: e.offset).node
        }
        return try layerValue(e)
    }

    /// The value form `overlay(Image("x"))`, `background(.red)`, `background(LinearGradient(…))`.
    private mutating func layerValue(_ e: Expression) throws(SpecError) -> ViewNode {
        if case .call("Image", let arguments) = e.kind {
            return try leaf(.image(arguments.first, offset: e.offset)).node
        }
        if case .method(let base, let name, _) = e.kind, case .call("Image", _) = base.kind {
            throw values.fail(e, "write content with modifiers as a closure, e.g. { Image(\"x\").\(name)() }")
        }
        return .shape(try values.paint(e))
    }
}
