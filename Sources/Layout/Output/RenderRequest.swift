/// What the renderer draws and how it encodes it: SwiftUI's `ImageRenderer` settings around a view
/// tree. `TransformSpec` holds one (its `renderRequest`, with the source's name and the cache
/// version beside it) and states the defaults; the renderer reads nothing else of the request
/// (sources come resolved beside it, by `ImageRef`). The query parameter of each field is named in
/// parentheses.
public struct RenderRequest: Sendable, Hashable {
    /// The view tree (the modifier chain, normalised); its `.primary` image is the request's own.
    public var view: ViewNode
    /// `ImageRenderer.proposedSize` (`pw`, `ph`).
    public var proposal: ProposedSize
    /// Propose the request's own image's size in points instead of `proposal`, which is then
    /// unspecified (`propose=image`): what `ratio` without a size implies (as imgix's `ar` alone), a
    /// box of that shape at the image's own size.
    public var proposesImageSize: Bool
    /// `ImageRenderer.scale`: pixels per point (`scale`, `dpr`).
    public var scale: Double
    /// How the root size becomes the canvas's pixels (`canvas`): up, as `ImageRenderer` makes its
    /// bitmap, or `nearest`, the sizes of imgproxy's and thumbor's proportional sides.
    public var canvasRounding: CanvasRounding
    /// The orientation of the request's own image (`.primary`): its EXIF tag or a fixed one (`orient`, `turn`).
    public var orientation: OrientationRequest
    /// The encoder (`fmt`), or `auto` (the first of the caller's `autoFormats` within its cap, else JPEG/PNG).
    public var format: FormatRequest
    /// Encoder quality (`q`): for every format, per format, or each format's default
    /// (`ImageFormat.defaultQuality`); ignored by formats without a quality setting.
    public var quality: EncoderQuality
    /// `ImageRenderer.isOpaque` (`opaque`): no alpha channel in the output.
    public var isOpaque: Bool
    /// `ImageRenderer.colorMode` (`colormode`); `extendedLinear` implies PNG.
    public var colorMode: ColorRenderingMode
    /// The PDF page for `.fixed(.pdf)` (`page`); `nil` makes the page the root view's size.
    public var page: PageSize?
    /// The one frame (0-based) of the animated image to draw (`frame`), making the output still;
    /// `nil` keeps every frame when the output format animates (GIF, WebP), else draws the first.
    public var frame: Int?
    /// The most bytes the encoded image should take (`maxbytes`): a lossy format is encoded at the
    /// highest quality, up to `quality`'s, that fits; the response says whether it fits. `nil`: no budget.
    public var maxBytes: Int?
    /// How the encoder writes the image (`png`, `dither`, `chroma`, `lossless`, `progressive`, `meta`).
    public var encoder: EncoderSettings

    /// Every setting given: their defaults have one owner, `TransformSpec`, which builds this value.
    public init(
        view: ViewNode, proposal: ProposedSize, proposesImageSize: Bool, scale: Double, canvasRounding: CanvasRounding,
        orientation: OrientationRequest,
        format: FormatRequest, quality: EncoderQuality, isOpaque: Bool, colorMode: ColorRenderingMode, page: PageSize?, frame: Int?, maxBytes: Int?,
        encoder: EncoderSettings
    ) {
        self.view = view
        self.proposal = proposal
        self.proposesImageSize = proposesImageSize
        self.scale = scale
        self.canvasRounding = canvasRounding
        self.orientation = orientation
        self.format = format
        self.quality = quality
        self.isOpaque = isOpaque
        self.colorMode = colorMode
        self.page = page
        self.frame = frame
        self.maxBytes = maxBytes
        self.encoder = encoder
    }

    /// The size the root view is proposed over `images`: `proposal`, or the `.primary` image's size
    /// in points (oriented, at its own scale) when `proposesImageSize`.
    public func rootProposal(over images: ImageCatalog) -> ProposedSize {
        guard proposesImageSize, let primary = images[.primary] else { return proposal }
        return ProposedSize(primary.pointSize)
    }
}
