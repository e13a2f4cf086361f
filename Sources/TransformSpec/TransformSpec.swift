import CheckedConversion
import Layout

/// The canonical request: which image, the view tree to lay it out in, and how to render and encode
/// it. The URL parser, the CLI, the cache key and the renderer all work from this one value. What
/// the renderer reads is its `renderRequest`, whose fields read through as the spec's own
/// (`spec.scale`); the defaults of those fields are stated here, in `init`.
@dynamicMemberLookup
public struct TransformSpec: Sendable, Hashable {
    /// The request's own image, relative to the source root (the URL path after `/img/`).
    public var source: String
    /// A version tag the client sets to make caches fetch again (`v`, e.g. `v=2` after a template
    /// change): part of the canonical form, so of the cache key and the ETag, and of nothing else;
    /// the pixels are those of the same request without it.
    public var cacheVersion: String?
    /// Everything the renderer needs of this request: all but the source's name, which is resolved
    /// to a file before rendering, and the cache version.
    public var renderRequest: RenderRequest

    /// The largest `frame` the parser accepts; the renderer refuses one past the source's frames.
    public static let maxFrame = 99_999

    /// A request with every setting not given at its default: an unspecified proposal at scale 1,
    /// the EXIF orientation, `fmt=auto`, each format's default quality, alpha kept, `nonLinear`
    /// colour, the root view's size as a PDF page, every frame, no byte budget, the default
    /// encoder settings and the canvas rounded up.
    public init(
        source: String, view: ViewNode, proposal: ProposedSize = .unspecified, scale: Double = 1,
        orientation: OrientationRequest = .auto, format: FormatRequest = .auto, quality: EncoderQuality = .default, isOpaque: Bool = false,
        colorMode: ColorRenderingMode = .nonLinear, page: PageSize? = nil, frame: Int? = nil, cacheVersion: String? = nil,
        maxBytes: Int? = nil, encoder: EncoderSettings = .default
    ) {
        self.source = source
        self.cacheVersion = cacheVersion
        self.renderRequest = RenderRequest(
            view: view, proposal: proposal, proposesImageSize: false, scale: scale, canvasRounding: .up, orientation: orientation, format: format,
            quality: quality, isOpaque: isOpaque, colorMode: colorMode, page: page, frame: frame, maxBytes: maxBytes, encoder: encoder)
    }

    /// A render setting of `renderRequest`, read and written as the spec's own.
    public subscript<Value>(dynamicMember keyPath: WritableKeyPath<RenderRequest, Value>) -> Value {
        get { renderRequest[keyPath: keyPath] }
        set { renderRequest[keyPath: keyPath] = newValue }
    }

    /// What `v` may hold: 1–64 letters, digits, `.`, `-`, `_` or `~` (URL-safe as they are).
    public static func cacheVersion(_ parameters: QueryParameters) throws(SpecError) -> String? {
        guard let text = parameters["v"] else { return nil }
        let allowed =
            (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                    UInt8(ascii: "."), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "~"):
                    true
                default: false
                }
            }
        guard allowed else {
            throw .invalidValue(param: "v", value: text, expected: "1–64 letters, digits, `.`, `-`, `_` or `~` (a version tag, e.g. v=2)")
        }
        return text
    }

    /// Parses a request for `source` from its raw query string (without `?`), a `preset=` in it
    /// expanded from `presets` (`PresetTable.expanded`).
    public static func parse(source: String, query: String, limits: SpecLimits = SpecLimits(), presets: PresetTable = .none) throws(SpecError)
        -> TransformSpec
    {
        try parse(source: source, parameters: QueryParameters(query: query, presets: presets), limits: limits)
    }

    /// Parses a request for `source` from decoded query parameters.
    public static func parse(source: String, parameters: QueryParameters, limits: SpecLimits = SpecLimits()) throws(SpecError) -> TransformSpec {
        let values = SugarValues(query: parameters, numbers: limits.numbers)
        let proposal = try proposal(parameters, limits: limits)
        let view: ViewNode
        if let chain = parameters["chain"] {
            let sugar = parameters.keys.filter { QueryParameters.layoutSugar.contains($0) }
            guard sugar.isEmpty else { throw .chainWithSugar(sugar) }
            view = try parseChain(chain, source: source, limits: limits)
        } else {
            view = try SugarCompiler(values: values, limits: limits).compile(proposal: proposal)
        }
        var spec = try rendered(view, source: source, proposal: proposal, parameters: parameters, limits: limits)
        spec.proposesImageSize = try proposesImageSize(parameters, proposal: proposal)
        return spec
    }

    /// `propose=image`, and what `ratio` without any size implies: a box of that shape is laid out in
    /// the image's own size, where SwiftUI's unspecified proposal would give `Color.clear` its 10×10.
    static func proposesImageSize(_ parameters: QueryParameters, proposal: ProposedSize) throws(SpecError) -> Bool {
        if let text = parameters["propose"] {
            guard text == "image" else {
                throw .invalidValue(
                    param: "propose", value: text, expected: "`image` (propose the image's own size; `pw`/`ph` propose a size in points)")
            }
            guard proposal == .unspecified else {
                throw .conflict(param: "propose", message: "`propose=image` and `pw`/`ph` both set the proposed size; use one")
            }
            return true
        }
        return parameters["ratio"] != nil && parameters["chain"] == nil && !QueryParameters.sizes.contains { parameters[$0] != nil }
    }

    /// `ImageRenderer.proposedSize` from `pw` and `ph`.
    static func proposal(_ parameters: QueryParameters, limits: SpecLimits) throws(SpecError) -> ProposedSize {
        let values = SugarValues(query: parameters, numbers: limits.numbers)
        return ProposedSize(width: try values.length("pw"), height: try values.length("ph"))
    }

    /// `view` with the renderer options of `parameters` (`pw`/`ph` already read into `proposal`):
    /// `scale`, `orient`, `fmt`, `q`, `opaque`, `colormode`, `page`, `frame`, `maxbytes` and the
    /// encoder settings (`EncoderSettings.parse`). Requests for `/img` and view
    /// templates share it.
    static func rendered(
        _ view: ViewNode, source: String, proposal: ProposedSize, parameters: QueryParameters, limits: SpecLimits
    ) throws(SpecError) -> TransformSpec {
        let values = SugarValues(query: parameters, numbers: limits.numbers)
        var orientation: OrientationRequest
        if let name = parameters["orient"], name != "auto" {
            guard let fixed = ImageOrientation(rawValue: name) else {
                let allowed = ["auto"] + ImageOrientation.allCases.map(\.rawValue)
                throw values.invalid("orient", "one of \(allowed.joined(separator: ", "))", allowed: allowed)
            }
            orientation = .fixed(fixed)
        } else {
            orientation = .auto
        }
        if let degrees = try values.integer("turn", in: 0...270) {
            guard degrees % 90 == 0 else {
                throw values.invalid("turn", "a clockwise turn of 0, 90, 180 or 270 degrees", allowed: ["90", "180", "270"])
            }
            guard orientation == .auto else {
                throw .conflict(
                    param: "turn", message: "`turn` turns the image its EXIF tag made upright; `orient` fixes the orientation instead: use one")
            }
            if degrees > 0 { orientation = .turned(quarterTurns: degrees / 90) }
        }
        // Every setting the query leaves out keeps `init`'s default.
        var spec = TransformSpec(source: source, view: view, proposal: proposal, orientation: orientation)
        if let format = try values.choice("fmt", FormatRequest.self, accepting: FormatRequest.spellings) { spec.format = format }
        let colorMode = try parameters["colormode"].map { text throws(SpecError) in try ColorRenderingMode.parse(text, param: "colormode") }
        if let colorMode { spec.colorMode = colorMode }
        spec.page = try parameters["page"].map { text throws(SpecError) in
            try PageSize.parse(text, maxSide: limits.maxPageSide, numbers: limits.numbers)
        }
        // Only a PDF has pages; silently dropping `page` would hide a mistake, and `fmt=auto` never picks PDF.
        if spec.page != nil, spec.format != .fixed(.pdf) {
            throw .conflict(param: "page", message: "`page` sets the PDF page size and applies to fmt=pdf only; add fmt=pdf or remove page")
        }
        // A PDF's vectors are composited by its viewer, in the viewer's colour space.
        if spec.format == .fixed(.pdf), spec.colorMode != .nonLinear {
            throw .conflict(
                param: "colormode",
                message:
                    "colormode=\(spec.colorMode.rawValue) applies to bitmap output; a PDF is composited by its viewer: remove colormode or pick png, jpeg, webp or avif"
            )
        }
        spec.maxBytes = try values.integer("maxbytes", in: 1...limits.maxByteBudget)
        spec.format = try sixteenBitFormat(spec.format, colorMode: spec.colorMode)
        spec.encoder = try EncoderSettings.parse(values, format: spec.format, colorMode: spec.colorMode, maxBytes: spec.maxBytes)
        if let scale = try values.number("scale", in: 1...limits.maxScale) { spec.scale = scale }
        if let quality = try values.quality("q") { spec.quality = quality }
        if let opaque = try values.flag("opaque") { spec.isOpaque = opaque }
        spec.frame = try values.integer("frame", in: 0...maxFrame)
        spec.cacheVersion = try cacheVersion(parameters)
        if let rounding = try values.choice("canvas", CanvasRounding.self) { spec.canvasRounding = rounding }
        return spec
    }

    /// `extendedLinear` writes 16 bits per channel, which only PNG among the encoders holds: `fmt=auto`
    /// becomes `fmt=png` (so both spellings have one canonical form, and `Accept` plays no part), and
    /// any other format is refused rather than silently dropping to 8 bits.
    static func sixteenBitFormat(_ format: FormatRequest, colorMode: ColorRenderingMode) throws(SpecError) -> FormatRequest {
        guard colorMode == .extendedLinear, format != .fixed(.png) else { return format }
        guard format == .auto else {
            throw .conflict(
                param: "colormode",
                message: "colormode=extendedLinear writes 16-bit PNG and needs fmt=png (or fmt=auto); "
                    + "got fmt=\(format.rawValue): use colormode=linear for 8-bit formats")
        }
        return .fixed(.png)
    }

    /// Parses chain text alone into a normalised view for `source`.
    public static func parseChain(_ text: String, source: String, limits: SpecLimits = SpecLimits()) throws(SpecError) -> ViewNode {
        var builder = ChainBuilder(source: source, limits: limits)
        // No values: a `\(name)` outside a view template is an error that says so.
        return try builder.build(ChainParser.parse(text, limits: limits).substituting([:], param: "chain"))
    }

    /// The chain in canonical Swift syntax, with the source image written `Image("<source>")`.
    public var canonicalChain: String {
        ChainPrinter(source: source).print(renderRequest.view)
    }

    /// The whole request in one canonical line: equal for requests that mean the same thing, different
    /// otherwise. Settings at `init`'s defaults are left out; it is the input of cache keys and ETags.
    public var canonicalForm: String {
        let request = renderRequest
        let defaults = TransformSpec(source: source, view: request.view).renderRequest
        var parts = ["chain=" + canonicalChain]
        if let width = request.proposal.width { parts.append("pw=" + NumberText.format(width)) }
        if let height = request.proposal.height { parts.append("ph=" + NumberText.format(height)) }
        if request.proposesImageSize != defaults.proposesImageSize { parts.append("propose=image") }
        if request.scale != defaults.scale { parts.append("scale=" + NumberText.format(request.scale)) }
        if request.canvasRounding != defaults.canvasRounding { parts.append("canvas=" + request.canvasRounding.rawValue) }
        if let orientation = request.orientation.canonicalText { parts.append(orientation) }
        if request.format != defaults.format { parts.append("fmt=" + request.format.rawValue) }
        if let quality = request.quality.canonicalText(for: request.format) { parts.append("q=" + quality) }
        if request.isOpaque != defaults.isOpaque { parts.append("opaque=1") }
        if request.colorMode != defaults.colorMode { parts.append("colormode=" + request.colorMode.rawValue) }
        if let page = request.page { parts.append("page=" + page.canonicalText) }
        if let frame = request.frame { parts.append("frame=\(frame)") }
        if let maxBytes = request.maxBytes { parts.append("maxbytes=\(maxBytes)") }
        if let encoder = request.encoder.canonicalText { parts.append(encoder) }
        if let cacheVersion { parts.append("v=" + cacheVersion) }
        return parts.joined(separator: "&")
    }
}
