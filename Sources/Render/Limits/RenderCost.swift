import CheckedConversion
import Layout
import Vips

/// The CPU time a render will take, estimated from its plan before anything is drawn (as
/// `RenderBudget` estimates its memory), in milliseconds of one core. A render that could not
/// finish within `RenderLimits.timeout` even with a core to itself is refused at once instead of
/// holding a worker until the deadline stops it; the service also runs the costly ones apart
/// (`WorkLane`'s heavy lane), so they cannot take every worker from thumbnails.
///
/// What costs, per pixel (each constant below is CPU time measured with `imgframe render --repeat`
/// on a 2-core x86-64 VM with libvips 8.14, utime + stime per render, process start-up subtracted;
/// a little over the fit, so the estimate errs on the costly side):
/// - a blur or shadow: its layer grown by 2.8σ on each side × bands (4 for a blur's premultiplied
///   RGBA, 1 for a shadow's alpha) × the Gaussian's taps, 2 × (2⌈3.53σ⌉ + 1) for libvips's kernel cut
///   at amplitude 0.002, two passes; past `VImage.directBlurSigma` the blur runs on a copy shrunk k×
///   (1/k² of the pixels, σ/k) plus the shrink and enlargement. Measured (1000×750 photo, JPEG):
///   σ = 2, 6, 12 took 60, 255, 585 ms beyond the unblurred render, 0.6–1.0 ns per tap; a shadow of
///   σ = 12, 125 ms (0.8 ns); σ = 48 (k = 4), 315 ms, most of it the shrink and enlargement. Larger
///   layers cost more per tap (memory): a 2500×2500 blur of σ = 12 as PNG took 5.8 CPU-s in the
///   service, which 1.1 ns per tap estimates;
/// - an image: its decoded pixels (after shrink-on-load) and the resampled pixels it shows, about
///   20 ns together (4032×3024 JPEG to 2000×1500 and to 4000×3000: 107 and 345 ms with the JPEG
///   encode), plus 1.5 ns per stored pixel (entropy decoding reads them all: a 64×48 thumbnail of
///   the 12 MP sample takes 21 ms);
/// - every layer composited, and fills, shapes and gradients: 4 ns per visible pixel;
/// - text: 30 µs per character for shaping and drawing (1080 characters in 35 ms), and colour glyphs
///   by the pixels cairo rasterises for them (`GlyphImages`);
/// - the encoder, per output pixel: JPEG 10 ns, PNG 80, WebP 70 (a 2000×1500 photo: 32, 240,
///   210 ms), AVIF 700, GIF 1100 (`Limits`' cap measurements; GIF re-measured on libvips 8.16: 450
///   ns a pixel for a still 2000×1500 photo, 1016 for 20 animated 480×270 frames, each quantised).
/// The 4000×4000 blur of radius 12 written as PNG comes to about 14 s: beyond the 10 s deadline.
/// An animation (`Animation`) decodes, draws and encodes every frame: the whole estimate, but the
/// fixed cost, is one frame's times the frame count.
public struct RenderCost: Sendable {
    /// Fixed cost of one render (sources' headers, layout, pipeline set-up), ms.
    static let perRender = 2.0
    /// Per Gaussian tap, per pixel and band, ns.
    static let blurTap = 1.1
    /// A blur wider than `VImage.directBlurSigma`: shrinking and enlarging its layer, per pixel and band, ns.
    static let scaledBlurPixel = 50.0
    /// Per pixel decoded after shrink-on-load, and per resampled pixel shown, ns.
    static let imagePixel = 10.0
    /// Per stored pixel of a source, ns: entropy decoding reads them all, whatever the shrink.
    static let storedPixel = 1.5
    /// Per visible pixel of every layer composited (fills, shapes, gradients too), ns.
    static let layerPixel = 4.0
    /// Per character of text, ns.
    static let textCharacter = 30_000.0
    /// Per pixel of a colour glyph rasterised (a bitmap strike scaled, or colour layers drawn), ns:
    /// a 4000-point emoji in a PDF, 16 667 pixels square at cairo's fallback resolution, took 5 CPU-s.
    static let colorGlyphPixel = 18.0
    /// How many times the work of 8-bit sRGB drawing takes in float linear light (`colormode=linear`):
    /// four times the bytes per sample, and about four times the time (the red team's measure).
    static let linearDrawing = 4.0
    /// A trim's search (libvips `find_trim`: a median filter and a threshold over the whole upright
    /// image), per stored pixel, ns: 2.9 s for 49 MP, PNG decode included.
    static let trimPixel = 60.0

    /// What looking at `source`'s pixels before layout costs: a trim's search over its whole decode,
    /// or a content focus's decode at `reduction` (the judging of a 400-pixel copy costs little).
    static func analysis(trimming source: SourceImage) -> Item {
        let stored = Double(source.storedWidth) * Double(source.storedHeight)
        return Item(
            what: "a trim of `\(source.name)`", milliseconds: trimPixel * stored / 1_000_000, advice: "leave out the trim or use a smaller source")
    }

    static func analysis(focusing source: SourceImage, reduction: LoadReduction) -> Item {
        let stored = Double(source.storedWidth) * Double(source.storedHeight)
        let size = reduction.reducedSize(width: source.storedWidth, height: source.storedHeight)
        let nanoseconds = storedPixel * stored + imagePixel * Double(size.width) * Double(size.height)
        return Item(
            what: "a content focus on `\(source.name)`", milliseconds: nanoseconds / 1_000_000, advice: "use a focus point or a smaller source")
    }

    /// Per output pixel of each encoder with the request's `settings`, ns: a palette PNG's quantisation
    /// costs 2000 more, and lossless WebP, AVIF and JPEG XL 800, 1700 and 700 in all (1000×750 from the
    /// 12 MP sample on libvips 8.16.1: 1.5 s more for `png=palette`; 0.88, 1.5 and 0.76 s whole renders).
    static func encoderPixel(_ format: ImageFormat?, settings: EncoderSettings) -> Double {
        if settings.lossless {
            switch format {
            case .webp: return 800
            case .avif: return 1700
            case .jxl: return 700
            default: break
            }
        }
        let palette: Double = settings.paletteColors != nil && (format == .png || format == nil) ? 2000 : 0
        return encoderPixel(format) + palette
    }

    /// Per output pixel of each encoder, ns. `nil` is `fmt=auto`'s JPEG-or-PNG, counted as PNG, the larger.
    static func encoderPixel(_ format: ImageFormat?) -> Double {
        switch format {
        case .jpeg, .pdf: 10
        case .png, nil: 80
        case .webp: 70
        case .avif: 700
        case .jxl: 50
        case .gif: 1100
        }
    }

    /// One part of the estimate: what it is, its cost, and what the client can change to lower it.
    struct Item {
        let what: String
        let milliseconds: Double
        let advice: String
    }

    /// The parts of the estimate, in plan order.
    private(set) var items: [Item] = []

    /// The estimate, CPU milliseconds of one core.
    public var milliseconds: Double { Self.perRender + items.reduce(0) { $0 + $1.milliseconds } }

    /// Estimates `plan` drawn with `images` and written as `choice`, its Texts' colour glyphs from
    /// `glyphs`; `animation` draws it once per frame. A linear `colorMode` draws in float linear light, `linearDrawing` times the work of
    /// 8-bit sRGB; `maxBytes` encodes up to `QualitySearch.maxEncodes` times; `analysis` is what
    /// looking at pixels before layout cost (`OpenedRender.analysis`), already spent or not; `settings`
    /// add a palette's quantisation or a lossless encoder.
    init(
        plan: RenderPlan, images: [ImageRef: SourceImage], choice: FormatChoice, glyphs: GlyphImages, animation: Animation? = nil,
        colorMode: ColorRenderingMode = .nonLinear, maxBytes: Int? = nil, encoder settings: EncoderSettings = .default, analysis: [Item] = []
    ) {
        let geometry = PaintGeometry(plan: plan)
        let drawing = colorMode.isLinear ? Self.linearDrawing : 1
        for operation in plan.flatOperations {
            guard let ink = geometry.inkArea(operation) else { continue }
            add("drawing", drawing * Self.layerPixel * Self.area(ink), advice: "ask for a smaller size or fewer layers")
            switch operation {
            case .image(let paint):
                addImage(paint, images[paint.ref], visible: ink, drawing: drawing)
            case .text(let text):
                add("\(text.text.string.count) characters of text", Self.textCharacter * Double(text.text.string.count), advice: "shorten the text")
            case .fill, .border, .shape, .symbol, .group:
                break
            }
        }
        for text in glyphs.texts {
            add(
                "colour glyphs of a Text at \(Int(saturating: text.emPixels.rounded())) px", Self.colorGlyphPixel * text.colorPixels,
                advice: "use a smaller font size")
        }
        for group in plan.effectGroups { addGroup(group, geometry: geometry) }
        let pixels = Double(plan.canvas.width) * Double(plan.canvas.height)
        let searches = maxBytes != nil && choice.format?.usesQuality != false
        let encoder = "the \(choice.format?.rawValue.uppercased() ?? "PNG") encoder"
        add(
            searches ? "\(encoder), up to \(QualitySearch.maxEncodes) times (maxbytes)" : encoder,
            Self.encoderPixel(choice.format, settings: settings) * pixels * (searches ? Double(QualitySearch.maxEncodes) : 1),
            advice: searches ? "ask for a smaller size or leave out maxbytes" : "ask for a smaller size or fmt=jpeg")
        if let frames = animation?.frameCount, frames > 1 {
            items = items.map {
                Item(
                    what: "\($0.what) × \(frames) frames", milliseconds: $0.milliseconds * Double(frames),
                    advice: $0.advice + ", or one frame (frame=N)")
            }
        }
        items = analysis + items
    }

    /// The Gaussian's taps per pixel and band: two passes of a kernel 2⌈3.53σ⌉ + 1 wide (libvips cuts
    /// it where exp(−x²/2σ²) falls below 0.002, x = σ√(2 ln 500)).
    static func blurTaps(sigma: Double) -> Double {
        guard sigma > 0 else { return 0 }
        return 2 * (2 * (3.53 * sigma).rounded(.up) + 1)
    }

    /// Nanoseconds per pixel and band of a blur of σ = `sigma` over `pixels`, as
    /// `VImage.gaussianBlurredScaled` computes it.
    static func blurNanoseconds(sigma: Double, pixels: Double) -> Double {
        guard sigma > 0 else { return 0 }
        let k = (sigma / VImage.directBlurSigma).rounded(.up)
        guard k > 1 else { return pixels * blurTap * blurTaps(sigma: sigma) }
        return pixels * scaledBlurPixel + pixels / (k * k) * blurTap * blurTaps(sigma: sigma / k)
    }

    private mutating func addImage(_ paint: ImagePaint, _ source: SourceImage?, visible: PixelRect, drawing: Double) {
        let stored = Double(paint.metrics.pixelWidth) * Double(paint.metrics.pixelHeight)
        var decoded = stored
        if case .stretch = paint.content, let source {
            let size = source.loadReduction(for: paint.placement.pixelRect, interpolation: paint.interpolation)
                .reducedSize(width: paint.metrics.pixelWidth, height: paint.metrics.pixelHeight)
            decoded = Double(size.width) * Double(size.height)
        }
        let nanoseconds = Self.storedPixel * stored + Self.imagePixel * (decoded + drawing * Self.area(visible))
        add("image `\(source?.name ?? "image")`", nanoseconds, advice: "ask for a smaller size")
    }

    private mutating func addGroup(_ group: EffectGroup, geometry: PaintGeometry) {
        guard let area = geometry.groupArea(group), area.result != nil else { return }
        let content = area.content
        add("an effect group's layer", Self.layerPixel * Self.area(content), advice: "ask for a smaller size or fewer layers")
        let (radius, bands, name): (Double, Double, String)
        switch group.effect {
        case .shadow(let shadow): (radius, bands, name) = (shadow.radius, 1, "shadow")
        case .color(.blur(let blur, _)): (radius, bands, name) = (blur, 4, "blur")
        case .color(.sharpen(let sigma)):
            // The lightness alone, σ in pixels, and a conversion to LabS and back for every pixel.
            let pixels = Self.area(content)
            add(
                "a sharpening of sigma \(sigma.compactText) over \(content.width)×\(content.height) pixels",
                Self.blurNanoseconds(sigma: sigma, pixels: pixels) + 2 * Self.layerPixel * pixels, advice: "reduce the frame")
            return
        case .color, .blend, .mask: return
        case .transform:
            if let result = area.result { add("a turned or scaled layer", Self.layerPixel * Self.area(result), advice: "ask for a smaller size") }
            return
        }
        let sigma = max(radius, 0) * geometry.scale
        // Both kinds grow the layer by the kernel's reach on every side before blurring (an opaque
        // blur extends its edges, the others embed in transparency).
        let margin = Double(2 * VImage.blurMargin(sigma: sigma))
        let pixels = (Double(content.width) + margin) * (Double(content.height) + margin)
        let size = "\(content.width + Int(saturating: margin))×\(content.height + Int(saturating: margin))"
        add(
            "a \(name) of radius \(radius.compactText) over \(size) pixels", bands * Self.blurNanoseconds(sigma: sigma, pixels: pixels),
            advice: "reduce the frame or the \(name) radius")
    }

    private static func area(_ rect: PixelRect) -> Double { Double(rect.width) * Double(rect.height) }

    private mutating func add(_ what: String, _ nanoseconds: Double, advice: String) {
        if nanoseconds > 0 { items.append(Item(what: what, milliseconds: nanoseconds / 1_000_000, advice: advice)) }
    }

    /// Refuses the render when its estimate is beyond `limits.maxEstimatedTime`, by default the
    /// deadline (`timeout`): it would be stopped there after using a worker for the whole of it. The
    /// message names the costliest part and what to change.
    func check(_ limits: RenderLimits) throws(RenderError) {
        guard let limit = limits.maxEstimatedTime ?? limits.timeout, milliseconds > limit.milliseconds else { return }
        let costliest = items.max { $0.milliseconds < $1.milliseconds }
        let part = costliest.map { " (\($0.what): about \(Self.seconds($0.milliseconds)))" } ?? ""
        throw .tooSlow(
            "this render would take about \(Self.seconds(milliseconds)) of CPU\(part); the limit is \(Self.seconds(limit.milliseconds)): "
                + (costliest?.advice ?? "ask for a smaller size"))
    }

    /// "25 s", "2.5 s", "0.3 s".
    private static func seconds(_ milliseconds: Double) -> String {
        milliseconds >= 10_000 ? "\(Int(saturating: (milliseconds / 1000).rounded())) s" : "\(((milliseconds / 100).rounded() / 10).compactText) s"
    }

}
