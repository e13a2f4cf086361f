import Layout

/// Compiles the layout sugar parameters into the same `ViewNode` a chain would give, in SwiftUI
/// order: `Image` → `resizable` → `interpolation` → `enlarging` → `trim` → `focus` → `aspectRatio` (or `framedAspectRatio` for `ratio`)
/// → `frame(width:height:)` → flexible `frame` → `sharpened` (`sharpen`) → `grayscale` → `blur` → `clipped` → `clipShape`
/// (`radius`, `mask`) → `overlay` → `padding` → `background` → `border`. Effects come before the clips,
/// so a blur's spill is cut at the frame; padding before the background, so `bg` fills it.
struct SugarCompiler {
    let values: SugarValues
    let limits: SpecLimits

    /// What `mode` asks for: a content mode, plain stretching, tiling, or the image as it is.
    enum Mode: String, CaseIterable {
        case fit, fill, stretch, tile, none
    }

    /// `clip`: off, on, or antialiased.
    enum Clip: String, CaseIterable {
        case off = "0", on = "1", antialiased = "aa"
    }

    /// The sugar's interpolation default is `.high` (web-quality downscaling); SwiftUI's is `.low`.
    static let defaultInterpolation = Interpolation.high

    func compile(proposal: ProposedSize) throws(SpecError) -> ViewNode {
        let mode = try values.choice("mode", Mode.self) ?? .fit
        let insets = try values.insets("insets")
        let ratio = try values.ratio("ratio")
        let width = try values.positive("w")
        let height = try values.positive("h")
        let alignment = try values.choice("align", Alignment.self) ?? .center

        if insets != nil, mode == .none {
            throw .conflict(param: "insets", message: "`insets` needs a resizable image; `mode=none` shows it at its own size")
        }
        let contentMode = ContentMode(rawValue: mode.rawValue)
        let focus = try values.focus("focus")
        // Only a crop leaves anything to choose: a filled frame, or the image at its own size.
        if focus != nil, contentMode != .fill, mode != .none {
            throw .conflict(
                param: "focus",
                message:
                    "`focus` picks what a crop keeps; `mode=\(mode.rawValue)` shows the whole image: use mode=fill (or mode=none with a smaller frame)"
            )
        }
        var node = ViewNode.image(
            ImageView(
                ref: .primary,
                resizing: mode == .none ? nil : Resizing(capInsets: insets ?? .zero, mode: mode == .tile ? .tile : .stretch),
                interpolation: try values.choice("interp", Interpolation.self) ?? Self.defaultInterpolation, focus: focus,
                trim: try values.trim("trim"), enlarges: try values.flag("enlarge") ?? true))

        if let ratio {
            guard let contentMode else {
                throw .conflict(param: "ratio", message: "`ratio` frames the image with `mode=fit` or `mode=fill`; got `mode=\(mode.rawValue)`")
            }
            node = .clipped(
                .overlay(
                    .aspectRatio(.shape(.color(.clear)), ratio: ratio, contentMode: .fit),
                    content: .aspectRatio(node, ratio: nil, contentMode: contentMode), alignment: .center),
                antialiased: false)
        } else if let contentMode {
            if contentMode == .fill { try checkBothAxes(width: width ?? proposal.width, height: height ?? proposal.height) }
            node = .aspectRatio(node, ratio: nil, contentMode: contentMode)
        }
        if width != nil || height != nil {
            node = .frame(node, width: width, height: height, alignment: alignment)
        }
        let flex = FlexFrame(
            width: FlexAxis(min: try values.length("minw"), max: try values.length("maxw")),
            height: FlexAxis(min: try values.length("minh"), max: try values.length("maxh")),
            alignment: alignment)
        if !flex.width.isUnconstrained || !flex.height.isUnconstrained {
            node = .flexFrame(node, flex)
        }
        if let sigma = try values.number("sharpen", in: ColorEffect.sharpenSigmas) {
            // After the frames: the image as resampled is sharpened, before anything is composited.
            node = .effect(node, .color(.sharpen(sigma: sigma)))
        }
        if let amount = try values.number("grayscale", in: 0...1) {
            node = .effect(node, .color(.grayscale(amount)))
        }
        if let radius = try values.number("blur", in: 0...limits.maxBlurRadius) {
            // Opaque: a blurred photo keeps hard, full-colour edges (imgproxy's and thumbor's blur).
            node = .effect(node, .color(.blur(radius: radius, opaque: true)))
        }
        switch try values.choice("clip", Clip.self, accepting: SugarValues.flagWords) ?? .off {
        case .off: break
        case .on: node = .clipped(node, antialiased: false)
        case .antialiased: node = .clipped(node, antialiased: true)
        }
        if let shape = try clipShape() {
            node = .effect(node, .clipShape(shape))
        }
        node = try overlay(node)
        if let padding = try values.insets("pad") {
            node = .padding(node, padding)
        }
        if let paint = try values.paint("bg") {
            node = .background(node, content: .shape(paint), alignment: .center)
        }
        if let (color, width) = try values.border("border") {
            node = .border(node, paint: .color(color), width: width)
        }
        return node
    }

    /// What `mask` names.
    enum Mask: String, CaseIterable {
        case circle, ellipse, capsule
    }

    /// `radius=12` (continuous rounded corners, as `cornerRadius(12)`), `radius=max` (a capsule, a
    /// circle when the frame is square) or `mask=circle|ellipse|capsule`; one of the two.
    private func clipShape() throws(SpecError) -> ShapeKind? {
        let mask = try values.choice("mask", Mask.self)
        guard let text = values.query["radius"] else {
            return switch mask {
            case .circle: .circle
            case .ellipse: .ellipse
            case .capsule: .capsule(style: .continuous)
            case nil: nil
            }
        }
        guard mask == nil else { throw .conflict(param: "radius", message: "`radius` and `mask` both shape the corners; use one") }
        if text == "max" { return .capsule(style: .continuous) }
        guard let radius = values.numbers.number(text), radius >= 0 else {
            throw values.invalid(
                "radius", "a corner radius in points ≥ 0 and at most \(NumberText.format(values.numbers.largestMagnitude)), or `max` for a capsule",
                allowed: ["max"])
        }
        return .roundedRectangle(cornerSize: Size(width: radius, height: radius), style: .continuous)
    }

    private func overlay(_ node: ViewNode) throws(SpecError) -> ViewNode {
        let alignment = try values.choice("oalign", Alignment.self)
        guard let path = values.query["overlay"] else {
            if alignment != nil { throw .conflict(param: "oalign", message: "`oalign` places an `overlay`; add `overlay=<image path>`") }
            return node
        }
        guard !path.isEmpty else { throw .invalidValue(param: "overlay", value: path, expected: "the path of an image under the source root") }
        guard path.utf8.count <= limits.maxNameLength else {
            throw .limitExceeded(param: "overlay", message: "`overlay` is longer than \(limits.maxNameLength) bytes")
        }
        return .overlay(node, content: .image(ImageView(ref: .named(path))), alignment: alignment ?? .center)
    }

    /// `.fill` with one open axis proposes (∞, ∞) and the image grows without bound (spec §3.2).
    private func checkBothAxes(width: Double?, height: Double?) throws(SpecError) {
        switch (width, height) {
        case (.some, nil):
            throw .conflict(
                param: "mode",
                message: "`mode=fill` with a width but no height would make the image infinitely tall: "
                    + "add `h` (or `ph`), use `ratio` for a box of that shape, or use `mode=fit`")
        case (nil, .some):
            throw .conflict(
                param: "mode",
                message: "`mode=fill` with a height but no width would make the image infinitely wide: "
                    + "add `w` (or `pw`), use `ratio` for a box of that shape, or use `mode=fit`")
        default:
            return
        }
    }
}
