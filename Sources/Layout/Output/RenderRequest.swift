/// What the renderer draws and how it encodes it: SwiftUI's `ImageRenderer` settings around a view
/// tree. `TransformSpec.renderRequest` builds it from a parsed request; the renderer reads nothing
/// else of the request (sources come resolved beside it, by `ImageRef`).
public struct RenderRequest: Sendable, Hashable {
    /// The view tree; its `.primary` image is the request's own.
    public var view: ViewNode
    /// `ImageRenderer.proposedSize`.
    public var proposal: ProposedSize
    /// Propose the request's own image's size in points instead of `proposal` (`propose=image`).
    public var proposesImageSize = false
    /// `ImageRenderer.scale`: pixels per point.
    public var scale: Double
    /// How the root size becomes the canvas's pixels (`canvas=nearest`); up, as `ImageRenderer`, by default.
    public var canvasRounding = CanvasRounding.up
    /// The orientation of the request's own image (`.primary`): its EXIF tag or a fixed one.
    public var orientation: OrientationRequest
    /// The encoder, or `auto` (the first of the caller's `autoFormats` within its cap, else JPEG/PNG).
    public var format: FormatRequest
    /// Encoder quality per format, for formats that have one.
    public var quality: EncoderQuality
    /// `ImageRenderer.isOpaque`: no alpha channel in the output.
    public var isOpaque: Bool
    /// `ImageRenderer.colorMode`.
    public var colorMode: ColorRenderingMode
    /// The PDF page for `.fixed(.pdf)`; `nil` makes the page the root view's size.
    public var page: PageSize?
    /// The one frame (0-based) of the animated image to draw, making the output still; `nil` keeps
    /// every frame when the output format animates, else draws the first.
    public var frame: Int?
    /// The most bytes the encoded image should take (`maxbytes`): a lossy format is encoded at the
    /// highest quality, up to `quality`'s, that fits. `nil`: no budget.
    public var maxBytes: Int?
    /// How the encoder writes the image: palette, chroma, lossless, progressive, metadata.
    public var encoder: EncoderSettings

    /// Every setting given: their defaults have one owner, `TransformSpec`, which builds this value.
    public init(
        view: ViewNode, proposal: ProposedSize, scale: Double, orientation: OrientationRequest, format: FormatRequest, quality: EncoderQuality,
        isOpaque: Bool, colorMode: ColorRenderingMode, page: PageSize?, frame: Int?, maxBytes: Int?,
        encoder: EncoderSettings = .default
    ) {
        self.view = view
        self.proposal = proposal
        self.scale = scale
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
