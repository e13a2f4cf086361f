import CheckedConversion
import Layout
import Vips

/// The memory a render will hold, estimated from its plan before anything is drawn, so a request
/// that would need more than `RenderLimits.maxRenderBytes` is refused instead of growing the
/// process. libvips streams most work in strips; what it holds whole is counted here:
/// - random-access decodes (9-slice reads regions of its source in any order): the whole source;
/// - decodes held whole (`SourceImage.heldDecodeBytes`): a JPEG shrink-on-load decoded on the
///   render thread, and what the HEIF/AVIF, WebP and GIF loaders hold (measured per loader);
/// - tiles: the resampled tile each repeats;
/// - in a linear `colorMode`, tiles and effect groups' offscreen layers are float linear light,
///   four times the bytes of 8-bit RGBA;
/// - every layer drawn: a strip of float RGBA rows for its composite;
/// - effect groups: the offscreen RGBA layer of the group's extent, and for a shadow or blur the
///   float strips the Gaussian reads (one band for a shadow's alpha, four for a blur), grown by the
///   kernel's reach;
/// - `fmt=auto` with transparency possible: the canvas, computed once to look for transparency;
/// - the encoders: AVIF, JPEG XL, WebP and GIF take the whole image, with tens of bytes per pixel of
///   working memory; JPEG's Huffman optimisation keeps every DCT coefficient (peak RSS growth per
///   pixel, measured encoding colour noise; PNG stayed flat);
/// - `maxbytes`: the canvas, computed once and kept while the quality search encodes it;
/// - the encoded body, held until it is sent and stored: PNG's, up to its raw size (16-bit for
///   `extendedLinear`);
/// - an animation (`Animation`): every frame of its image decoded at once, and every drawn frame
///   kept until the encoder takes them. Frames are drawn one after another, each computed before
///   the next, so the drawing items above are held for one frame at a time, and the encoders work
///   frame by frame (their cap is per frame), so theirs counts once.
struct RenderBudget {
    /// Bytes per pixel of an 8-bit RGBA image.
    static let rgbaBytes = 4
    /// Rows of float RGBA (16 bytes a pixel) a composite keeps per layer while the canvas streams.
    static let compositeRows = 128
    /// Working bytes per output pixel of each encoder: peak RSS growth per pixel encoding noise with
    /// the service's settings (libvips 8.16, 2 threads), the most measured at 1, 4 and 16 MP, rounded
    /// up: AVIF 26 (26, 22, 22), JPEG XL 44 (45, 43, 19: libjxl's grows less past its cap), WebP 16
    /// (13, 15, 15), JPEG 3; GIF 14 (libvips 8.14). `nil` is `fmt=auto`'s JPEG-or-PNG, counted as
    /// JPEG, the larger. Up to `VImage.directWritePixels`, PNG and WebP are written from a copy of
    /// the pixels in memory (`directWriteBytesPerPixel`).
    static func encoderBytesPerPixel(_ format: ImageFormat?) -> Int {
        switch format {
        case .avif: 26
        case .jxl: 44
        case .webp: 16
        case .gif: 14
        case .jpeg, nil: 4
        case .png, .pdf: 0
        }
    }

    /// Bytes per pixel the PNG and WebP writers hold besides the encoder's own, up to
    /// `VImage.directWritePixels`: every row with its filter byte for PNG, the pixels for libwebp.
    static let directWriteBytesPerPixel = 4

    /// Estimated bytes, with what they are for (largest first), for the message when over budget.
    private(set) var items: [(what: String, bytes: Int)] = []
    /// Layers the plan draws.
    private(set) var layers = 0

    /// The estimate: all items together.
    var bytes: Int { items.reduce(0) { $0 + $1.bytes } }

    /// Bytes per pixel of RGBA in the working space: `rgbaBytes`, ×4 in linear light.
    private let workingBytes: Int

    /// Estimates `plan` drawn at `scale` with `images`, written as `choice`; `isOpaque` is `opaque=1`;
    /// `glyphs` are its Texts' glyph images; `animation` draws every frame of one image; `maxBytes`
    /// keeps the canvas for the quality search.
    init(
        plan: RenderPlan, images: [ImageRef: SourceImage], choice: FormatChoice, isOpaque: Bool, colorMode: ColorRenderingMode = .nonLinear,
        glyphs: GlyphImages, animation: Animation? = nil, maxBytes: Int? = nil
    ) {
        workingBytes = Self.rgbaBytes * colorMode.workingBytesPerSample
        let canvas = plan.canvas
        let geometry = PaintGeometry(plan: plan)
        for operation in plan.flatOperations {
            switch operation {
            case .image(let paint):
                guard paint.placement.visiblePixelRect != nil else { continue }
                switch paint.content {
                case .stretch:
                    layers += 1
                    if let source = images[paint.ref] {
                        let reduction = source.loadReduction(for: paint.placement.pixelRect, interpolation: paint.interpolation)
                        add("`\(source.name)` decoded whole", source.heldDecodeBytes(reduction))
                    }
                case .tile(let grid):
                    layers += 1
                    if let source = images[paint.ref] { add("`\(source.name)` decoded whole", source.heldDecodeBytes(.none)) }
                    let tile = Double(workingBytes) * grid.tileSize.width * plan.scale * grid.tileSize.height * plan.scale
                    add("tile of `\(images[paint.ref]?.name ?? "image")`", Int(saturating: min(tile, Double(Int.max / 4))))
                case .nineSlice:
                    layers += 9
                    let source = paint.metrics
                    add(
                        "random-access decode of `\(images[paint.ref]?.name ?? "image")` for 9-slice",
                        source.pixelWidth * source.pixelHeight * Self.rgbaBytes)
                }
            case .fill(let fill):
                if fill.placement.visiblePixelRect != nil { layers += 1 }
            case .border(let border):
                if border.placement.visiblePixelRect != nil { layers += border.innerPixelRect == nil ? 1 : 4 }
            case .shape(let shape):
                if geometry.inkArea(shape) != nil { layers += 1 }
            case .text(let text):
                if text.placement.visiblePixelRect != nil { layers += 1 }
            case .symbol(let symbol):
                if symbol.placement.visiblePixelRect != nil { layers += 1 }
            case .group:
                break
            }
        }
        for text in glyphs.texts {
            add("glyph images of a Text at \(Int(saturating: text.emPixels.rounded())) px", text.bytes)
        }
        for group in plan.effectGroups { addGroup(group, geometry: geometry) }
        add("compositing \(layers) layers", layers * canvas.width * Self.compositeRows * 16)
        let pixels = canvas.width * canvas.height
        if !colorMode.isLinear {
            addBlending(plan.operations, on: PixelRect(x: 0, y: 0, width: canvas.width, height: canvas.height), geometry: geometry)
        }
        if choice.format == nil && !isOpaque && Self.mayBeTransparent(plan, images: images) {
            add("the canvas, computed to look for transparency (fmt=auto)", pixels * Self.rgbaBytes)
        }
        if let animation, let source = images[animation.ref] {
            let frames = animation.frameCount
            add("\(frames) decoded frames of `\(source.name)`", frames * source.storedWidth * source.storedHeight * Self.rgbaBytes)
            add("\(frames) drawn frames, \(canvas.width)×\(canvas.height)", frames * pixels * Self.rgbaBytes)
        }
        let name = choice.format?.rawValue.uppercased() ?? "JPEG"
        add("the \(name) encoder", pixels * Self.encoderBytesPerPixel(choice.format))
        if choice.format == .png || choice.format == .webp, pixels <= VImage.directWritePixels {
            add("the \(name) writer's copy of the pixels", pixels * Self.directWriteBytesPerPixel)
        }
        if maxBytes != nil && choice.format?.usesQuality != false {
            add("the canvas, kept for the quality search (maxbytes)", pixels * Self.rgbaBytes)
        }
        if choice.format == .png {
            // The body is held in memory until it is sent and stored; PNG's can come near the raw size
            // (`fmt=auto`'s PNG is within what its JPEG encoder is counted for).
            let sampleBytes = colorMode == .extendedLinear ? 2 : 1
            add("the encoded PNG, up to its raw size", pixels * Self.rgbaBytes * sampleBytes)
        }
    }

    /// False only when the canvas will have no alpha band at all: one image without alpha, stretched
    /// over the whole canvas, becomes the canvas as it is (see `Canvas.draw`); anything else draws
    /// onto transparent RGBA.
    private static func mayBeTransparent(_ plan: RenderPlan, images: [ImageRef: SourceImage]) -> Bool {
        guard plan.operations.count == 1, case .image(let paint) = plan.operations[0], paint.content == .stretch,
            paint.placement.visiblePixelRect == PixelRect(x: 0, y: 0, width: plan.canvas.width, height: plan.canvas.height),
            let source = images[paint.ref]
        else { return true }
        return source.hasAlpha
    }

    /// Where two of a surface's layers overlap, the 8-bit surface is held in memory from the first
    /// blend on (`Canvas`), with one layer at a time computed to be drawn into it. A surface is the
    /// canvas or an effect group's offscreen layer, each checked on its own.
    private mutating func addBlending(_ operations: [PaintOperation], on surface: PixelRect, geometry: PaintGeometry) {
        var rects: [PixelRect] = []
        for operation in operations {
            let rect: PixelRect?
            switch operation {
            case .image(let paint): rect = paint.placement.visiblePixelRect
            case .fill(let paint): rect = paint.placement.visiblePixelRect
            case .border(let paint): rect = paint.placement.visiblePixelRect
            case .shape(let paint): rect = geometry.inkArea(paint)
            case .text(let paint): rect = paint.placement.visiblePixelRect
            case .symbol(let paint): rect = paint.placement.visiblePixelRect
            case .group(let group):
                guard let area = geometry.groupArea(group) else { continue }
                addBlending(group.operations + group.mask, on: area.content, geometry: geometry)
                rect = area.result
            }
            if let shown = rect?.intersection(surface) { rects.append(shown) }
        }
        let overlapping = rects.indices.contains { i in rects[..<i].contains { $0.intersection(rects[i]) != nil } }
        guard overlapping else { return }
        add("a \(surface.width)×\(surface.height) surface held in memory as its layers blend", surface.width * surface.height * Self.rgbaBytes)
        let largest = rects.map { $0.width * $0.height }.max() ?? 0
        add("a layer computed before it blends", largest * Self.rgbaBytes)
    }

    /// An effect group's offscreen layer, composited as one layer (two with its shadow), and the
    /// float strips a shadow's or blur's Gaussian holds.
    private mutating func addGroup(_ group: EffectGroup, geometry: PaintGeometry) {
        guard let area = geometry.groupArea(group), area.result != nil else { return }
        let content = area.content
        add("offscreen layer of an effect group, \(content.width)×\(content.height)", content.width * content.height * workingBytes)
        let (sigma, bands, name): (Double, Int, String)
        switch group.effect {
        case .shadow(let shadow):
            layers += 2
            (sigma, bands, name) = (shadow.radius * geometry.scale, 1, "a shadow")
        case .color(.blur(let radius, _)):
            layers += 1
            (sigma, bands, name) = (radius * geometry.scale, 4, "a blur")
        case .color, .blend:
            layers += 1
            return
        case .mask:
            // The mask's own offscreen layer, of the same size.
            layers += 1
            add("offscreen mask of an effect group, \(content.width)×\(content.height)", content.width * content.height * workingBytes)
            return
        case .transform:
            layers += 1
            if let result = area.result {
                add("a turned or scaled layer, \(result.width)×\(result.height)", result.width * result.height * Self.rgbaBytes * 2)
            }
            return
        }
        let reach = 2 * VImage.blurMargin(sigma: max(sigma, 0))
        let rows = min(Self.compositeRows + reach, area.effect.height + reach)
        add("float strips of \(name), \(area.effect.width)×\(area.effect.height)", (area.effect.width + reach) * rows * bands * 4)
    }

    private mutating func add(_ what: String, _ bytes: Int) {
        if bytes > 0 { items.append((what, bytes)) }
    }

    /// Refuses the render when it draws more layers than allowed or would hold more than the budget.
    func check(_ limits: RenderLimits) throws(RenderError) {
        guard layers <= limits.maxLayers else {
            throw .overBudget("\(layers) layers to draw, the limit is \(limits.maxLayers)")
        }
        guard bytes <= limits.maxRenderBytes else {
            let biggest = items.sorted { $0.bytes > $1.bytes }.prefix(3).map { "\($0.what) \(Self.mebibytes($0.bytes))" }
            throw .overBudget(
                "about \(Self.mebibytes(bytes)) of memory (\(biggest.joined(separator: ", "))), one render may use "
                    + "\(Self.mebibytes(limits.maxRenderBytes)); ask for a smaller size, fewer layers or fmt=jpeg")
        }
    }

    static func mebibytes(_ bytes: Int) -> String {
        "\((bytes + (1 << 20) - 1) >> 20) MiB"
    }
}
