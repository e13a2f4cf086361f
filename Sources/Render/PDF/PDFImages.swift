import CCairo
import CheckedConversion
import Layout
import Vips

/// Image operations in a PDF: drawn with the page's transform instead of being resampled to pixels.
/// A JPEG source drawn whole, upright and in plain colour, whose pixels the page can use (no more
/// than its frame × `imageScale` per axis), is embedded as its own JPEG data once it has decoded
/// (image segments only: no metadata, nothing after EOI); any other image is decoded once
/// (oriented, in sRGB, as the raster path does) at the size the page needs, at most its frame ×
/// `imageScale` (exactly its canvas pixels with `interpolation(.none)`), and embedded as JPEG when
/// the source was a JPEG without alpha (at `quality`), else losslessly. Tiled and 9-sliced images
/// are drawn by the raster path and placed as bitmaps.
final class PDFImages {
    let images: [ImageRef: SourceImage]
    /// Most embedded pixels per canvas pixel (`RenderOptions.pdfImageScale`).
    let imageScale: Double
    /// JPEG quality of re-encoded photos (`q`).
    let quality: Int
    let scale: Double
    let limits: RenderLimits
    let deadline: Deadline

    private struct Key: Hashable {
        var ref: ImageRef
        var width: Int, height: Int
        var interpolation: Interpolation
    }

    /// Each image embedded once per size: cairo writes one XObject per surface however often it is drawn.
    private var embedded: [Key: CairoImage] = [:]

    init(images: [ImageRef: SourceImage], imageScale: Double, quality: Int, scale: Double, limits: RenderLimits, deadline: Deadline) {
        self.images = images
        self.imageScale = imageScale
        self.quality = quality
        self.scale = scale
        self.limits = limits
        self.deadline = deadline
    }

    /// Draws `paint`'s visible part (the clips are already set on `context`).
    func draw(_ paint: ImagePaint, in context: OpaquePointer) throws(RenderError) {
        guard let visible = paint.placement.visiblePixelRect, let source = images[paint.ref] else { return }
        do {
            switch paint.content {
            case .stretch:
                let image = try embeddedImage(source, paint)
                let filter = paint.interpolation == .none ? CAIRO_FILTER_NEAREST : CAIRO_FILTER_GOOD
                image.draw(over: Rect(paint.placement.pixelRect), showing: Rect(visible), filter: filter, in: context)
            case .tile, .nineSlice:
                let layers = try ImageLayers(source: source, paint: paint, scale: scale, limits: limits, deadline: deadline).layers()
                for layer in layers { try Self.place(layer, deadline: deadline, in: context) }
            }
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            throw SourceImage.verdict(on: error, sources: [source], deadline: deadline)
        } catch {
            throw .internalFailure(VipsError(operation: "pdf image", message: "\(error)"))
        }
    }

    /// A bitmap layer of the raster path (canvas pixels), placed one image pixel per canvas pixel.
    static func place(_ layer: Layer, deadline: Deadline, in context: OpaquePointer) throws(VipsError) {
        let rect = Rect(layer.rect)
        cairo_save(context)
        defer { cairo_restore(context) }
        // A `blendMode` group's layer: PDF has the same blend modes.
        cairo_set_operator(context, layer.blend.cairoOperator)
        try CairoImage(layer.image, deadline: deadline).draw(over: rect, showing: rect, in: context)
    }

    /// The image as embedded for `paint`: the source's pixels, or fewer when its frame needs fewer.
    private func embeddedImage(_ source: SourceImage, _ paint: ImagePaint) throws -> CairoImage {
        let frame = paint.placement.pixelRect
        let upright = source.metrics.orientedPixelSize
        var width = max(1, min(Int(saturating: upright.width), Int(saturating: (Double(frame.width) * imageScale).rounded(.up))))
        var height = max(1, min(Int(saturating: upright.height), Int(saturating: (Double(frame.height) * imageScale).rounded(.up))))
        if paint.interpolation == .none {
            // Unsmoothed pixels are the raster path's nearest-neighbour blocks at the canvas size
            // (a reader's own nearest sampling would put block edges a pixel apart); drawn without
            // interpolation, they stay sharp at any zoom.
            (width, height) = (frame.width, frame.height)
        }
        let key = Key(ref: paint.ref, width: width, height: height, interpolation: paint.interpolation)
        if let known = embedded[key] { return known }
        let image: CairoImage
        let whole = width == Int(saturating: upright.width) && height == Int(saturating: upright.height)
        if source.loaderFamily == .jpeg, whole, source.trim == nil, source.orientation == .up, source.hasPlainColor,
            let stream = try imageData(of: source)
        {
            image = try CairoImage(jpeg: stream, width: width, height: height)
        } else {
            try limits.checkIntermediate(width: width, height: height, "`\(source.name)` embedded in the PDF")
            let target = PixelRect(x: 0, y: 0, width: width, height: height)
            let decoded = try source.decode(reduction: source.loadReduction(for: target, interpolation: paint.interpolation), deadline: deadline)
                .resampled(width: width, height: height, kernel: paint.interpolation.kernel)
            if source.loaderFamily == .jpeg, !source.hasAlpha {
                // A photo stays a photo: DCT-encoded, not a lossless stream ten times its size.
                let bytes = try Watchdog.run(cancelling: decoded, after: deadline.remaining) { () throws(VipsError) in
                    try decoded.jpeg(quality: quality)
                }
                image = try CairoImage(jpeg: bytes, width: width, height: height)
            } else {
                image = try CairoImage(decoded, deadline: deadline)
            }
        }
        embedded[key] = image
        return image
    }

    /// The JPEG data to embed for `source` drawn whole, once all of it has decoded as the raster
    /// path would decode it (a truncated or corrupt file is refused, not published): the file's
    /// image segments alone (`JPEGStream`), so no metadata or trailing bytes reach the PDF. `nil`
    /// when its markers are not ones the rebuild knows; the pixels are re-encoded instead.
    private func imageData(of source: SourceImage) throws -> [UInt8]? {
        try source.checkDecodes(deadline: deadline)
        return JPEGStream.imageData(try source.file.contents())
    }
}
