import Layout

/// What an imgproxy or thumbor URL asks of its image, in the terms the two share (a box, how the
/// image meets it, whether it may grow, where a crop sits, the effects), compiled to one SwiftUI view
/// tree. Both formats go through here, so the same meaning gives the same tree, and the tree is the
/// one the native parameters give where they can say it (`mode=fill&w=…&h=…&clip=1` is the same
/// `ViewNode` as imgproxy's enlarging fill): one canonical form, one cache entry, one ETag.
struct CompatLayout {
    /// How the image meets the box.
    enum Resize: Equatable {
        /// The image as it is (no size asked).
        case none
        /// Inside the box, keeping its shape: the output is the image's size (imgproxy `fit`, thumbor `fit-in`).
        case fit
        /// Covering the box, keeping its shape, cut to the box (imgproxy `fill`, thumbor's default crop).
        case fill
        /// imgproxy's `fill-down`: as `fill`, but an image too small for the box is cut to the box's
        /// shape instead of to the box.
        case fillDown
        /// Stretched to the box (imgproxy `force`).
        case force
        /// Covering the box, keeping its shape, not cut: the output is the covering size (thumbor `full-fit-in`).
        case cover
    }

    var resize = Resize.none
    /// The box in points (pixels at scale 1); `nil` leaves an axis to the image's shape.
    var width: Double?
    var height: Double?
    /// Whether the image may grow past its own size.
    var enlarges = true
    /// Keep the whole box, the image placed in it at this alignment (imgproxy `extend`, thumbor `fill`).
    var extend: Alignment?
    /// Where a crop sits in the image, and where a smaller image sits in the box.
    var alignment = Alignment.center
    var focus: ImageFocus?
    var trim: ImageTrim?
    /// A window of the source cut out before anything else (imgproxy `c:`, thumbor `AxB:CxD`).
    var crop: ImageCrop?
    var sharpen: Double?
    var grayscale: Double?
    var blur: Double?
    var brightness: Double?
    var contrast: Double?
    /// Rounded corners (thumbor `round_corner`), in points.
    var cornerRadius: Double?
    var padding: EdgeInsets?
    var background: RGBAColor?
    var watermark: Watermark?
    /// The result mirrored (thumbor's `-W`, `-H`): drawn flipped about its centre, its size unchanged.
    var flips = (horizontal: false, vertical: false)

    /// An image drawn over the result (imgproxy `wm`, thumbor `watermark(…)`).
    struct Watermark {
        var source: String
        var alignment: Alignment
        var opacity: Double
        /// Distance from the edges the alignment names.
        var insets: EdgeInsets
    }

    /// The view, the proposal it is rendered at, and whether that proposal is the image's own size.
    struct Compiled {
        var view: ViewNode
        var proposal = ProposedSize.unspecified
        var proposesImageSize = false
    }

    /// The tree, in the order the native parameters compile theirs (`SugarCompiler`): image → box →
    /// effects → clip → corners → padding → background, then the watermark over the whole result,
    /// as both systems draw it last.
    func compiled() -> Compiled {
        var compiled = boxed()
        var node = compiled.view
        if let sharpen { node = .effect(node, .color(.sharpen(sigma: sharpen))) }
        if let grayscale { node = .effect(node, .color(.grayscale(grayscale))) }
        if let brightness { node = .effect(node, .color(.brightness(brightness))) }
        if let contrast { node = .effect(node, .color(.contrast(contrast))) }
        if let blur { node = .effect(node, .color(.blur(radius: blur, opaque: true))) }
        if cutsToBox { node = .clipped(node, antialiased: false) }
        if let cornerRadius {
            node = .effect(node, .clipShape(.roundedRectangle(cornerSize: Size(width: cornerRadius, height: cornerRadius), style: .continuous)))
        }
        if let padding {
            // Both systems pad outside the box; SwiftUI's padding takes its room from the proposal.
            node = .padding(node, padding)
            compiled.proposal = ProposedSize(
                width: compiled.proposal.width.map { $0 + padding.leading + padding.trailing },
                height: compiled.proposal.height.map { $0 + padding.top + padding.bottom })
        }
        if let background { node = .background(node, content: .shape(.color(background)), alignment: .center) }
        if flips.horizontal || flips.vertical {
            node = .effect(node, .scale(x: flips.horizontal ? -1 : 1, y: flips.vertical ? -1 : 1, anchor: UnitPoint(x: 0.5, y: 0.5)))
        }
        if let watermark {
            var mark = ViewNode.image(ImageView(ref: .named(watermark.source)))
            if watermark.opacity < 1 { mark = .effect(mark, .opacity(watermark.opacity)) }
            if watermark.insets != .zero { mark = .padding(mark, watermark.insets) }
            node = .overlay(node, content: mark, alignment: watermark.alignment)
        }
        compiled.view = node
        return compiled
    }

    /// The image: resizable, interpolated as the native parameters' default (`.high`), trimmed, focused.
    private func image(enlarging: Bool? = nil) -> ViewNode {
        .image(
            ImageView(
                ref: .primary, resizing: Resizing(capInsets: .zero, mode: .stretch), interpolation: .high, focus: focus, trim: trim,
                enlarges: enlarging ?? enlarges, crop: crop))
    }

    /// Whether the tree cuts what spills out of the box (a fill's overflow).
    private var cutsToBox: Bool {
        switch resize {
        case .fill, .fillDown: width != nil && height != nil
        case .force, .fit, .cover, .none: false
        }
    }

    /// The image meeting the box, before effects.
    private func boxed() -> Compiled {
        let image = image()
        switch resize {
        case .none:
            return Compiled(view: .aspectRatio(image, ratio: nil, contentMode: .fit))
        case .fit where extend != nil && width != nil && height != nil:
            return Compiled(
                view: .frame(.aspectRatio(image, ratio: nil, contentMode: .fit), width: width, height: height, alignment: extend ?? .center))
        case .fit:
            return Compiled(view: .aspectRatio(image, ratio: nil, contentMode: .fit), proposal: ProposedSize(width: width, height: height))
        case .cover:
            return Compiled(view: .aspectRatio(image, ratio: nil, contentMode: .fill), proposal: ProposedSize(width: width, height: height))
        case .fill, .fillDown:
            guard let width, let height else {
                // One side open: the other follows the image's shape, so nothing is cut.
                return Compiled(view: .aspectRatio(image, ratio: nil, contentMode: .fit), proposal: ProposedSize(width: width, height: height))
            }
            if enlarges {
                return Compiled(view: .frame(.aspectRatio(image, ratio: nil, contentMode: .fill), width: width, height: height, alignment: alignment))
            }
            if let extend {
                // The whole box, the image no larger than itself inside it.
                return Compiled(
                    view: .frame(
                        .aspectRatio(self.image(enlarging: false), ratio: nil, contentMode: .fill), width: width, height: height, alignment: extend))
            }
            if resize == .fillDown {
                // The largest rect of the box's shape inside the image at its own size, capped at the box
                // (a flexible frame of Color.clear under a fitting aspect ratio), the image filling it.
                let window = ViewNode.aspectRatio(
                    .flexFrame(.shape(.color(.clear)), FlexFrame(width: FlexAxis(max: width), height: FlexAxis(max: height))),
                    ratio: width / height, contentMode: .fit)
                return Compiled(
                    view: .overlay(window, content: .aspectRatio(image, ratio: nil, contentMode: .fill), alignment: alignment),
                    proposesImageSize: true)
            }
            // Proposed its own size, the box takes each side up to the image's: min(box, image), the
            // image filling it (at its own size when it is smaller than the box).
            let frame = FlexFrame(width: FlexAxis(max: width), height: FlexAxis(max: height), alignment: alignment)
            return Compiled(view: .flexFrame(.aspectRatio(image, ratio: nil, contentMode: .fill), frame), proposesImageSize: true)
        case .force:
            guard let width, let height else {
                return Compiled(view: .frame(image, width: width, height: height, alignment: .center))
            }
            if enlarges || extend != nil {
                return Compiled(view: .frame(image, width: width, height: height, alignment: extend ?? .center))
            }
            // The box's shape scaled down until neither side is larger than the image's.
            let frame = FlexFrame(width: FlexAxis(max: width), height: FlexAxis(max: height))
            return Compiled(view: .aspectRatio(.flexFrame(image, frame), ratio: width / height, contentMode: .fit), proposesImageSize: true)
        }
    }
}
