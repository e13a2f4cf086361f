import CCairo
import Layout
import Vips

/// Writes a plan as a one-page vector PDF: the second executor of the paint list, beside
/// `PlanDrawer`. It walks the same operations in the same order with the same pixel-grid geometry,
/// drawn through cairo's PDF surface under the page's transform (canvas pixels → points, centred on
/// the page), so shapes, gradients and clips stay paths, text stays text (Pango, subset-embedded
/// fonts) and symbols stay vectors. What a PDF cannot express (shadows, blur, colour effects) is
/// rasterised by the raster path at the plan's scale, SwiftUI's `rasterizationScale`, and placed as
/// an image, as SwiftUI does.
struct PDFWriter {
    let plan: RenderPlan
    let images: [ImageRef: SourceImage]
    /// The SVG of every symbol the plan draws, by SF name.
    let symbols: [String: [UInt8]]
    /// `page=`; `nil` makes the page the view's size.
    let page: PageSize?
    /// Painted under everything when the request is `opaque=1`.
    let matte: RGBAColor?
    let quality: Int
    let options: RenderOptions
    let limits: RenderLimits
    let deadline: Deadline

    /// The PDF's bytes.
    func write() throws(RenderError) -> [UInt8] {
        let layout = PDFPage(plan: plan, page: page)
        let geometry = PaintGeometry(plan: plan)
        let pictures = PDFImages(
            images: images, imageScale: options.pdfImageScale, quality: quality, scale: plan.scale, limits: limits, deadline: deadline)
        do {
            let document = try PDFDocument(page: layout.size, title: "ImageFrame view")
            let context = document.context
            cairo_translate(context, layout.origin.x, layout.origin.y)
            cairo_scale(context, layout.pointsPerPixel, layout.pointsPerPixel)
            // Nothing reaches past the view, as nothing reaches past the raster canvas.
            cairo_rectangle(context, 0, 0, Double(plan.canvas.width), Double(plan.canvas.height))
            cairo_clip(context)
            if let matte {
                cairo_set_source_rgb(context, matte.red, matte.green, matte.blue)
                cairo_paint(context)
            }
            for operation in plan.operations {
                try deadline.check()
                try draw(operation, geometry: geometry, pictures: pictures, in: context)
                try PDFDocument.check(cairo_status(context), "cairo pdf draw")
            }
            try deadline.check()
            return try document.finish()
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            if error.operation == Watchdog.deadlineError.operation { throw .timedOut }
            throw .internalFailure(error)
        } catch {
            throw .internalFailure(VipsError(operation: "pdf", message: "\(error)"))
        }
    }

    /// One operation: a leaf as vectors inside its clips and opacity; an effect group rasterised,
    /// except a shadow's content, which stays vectors over its rasterised shadow.
    private func draw(_ operation: PaintOperation, geometry: PaintGeometry, pictures: PDFImages, in context: OpaquePointer) throws {
        if case .group(let group) = operation {
            let drawer = PlanDrawer(plan: plan, images: images, symbols: symbols, limits: limits, deadline: deadline)
            var shadowOnly = false
            if case .shadow = group.effect { shadowOnly = true }
            for layer in try drawer.groupLayers(group, outerClips: 0, shadowOnly: shadowOnly) {
                try PDFImages.place(layer, deadline: deadline, in: context)
            }
            // The content's placements carry the group's clips, so it is cut as the shadow was.
            if shadowOnly {
                for inner in group.operations { try draw(inner, geometry: geometry, pictures: pictures, in: context) }
            }
            return
        }
        guard let placement = operation.placement,
            let bounds = operation.isShape ? geometry.clipArea(placement.clips) : placement.visiblePixelRect
        else { return }
        cairo_save(context)
        defer { cairo_restore(context) }
        // Rect clips and the canvas are exact in `bounds`; other clip shapes are paths, as in the raster path's masks.
        cairo_rectangle(context, Double(bounds.x), Double(bounds.y), Double(bounds.width), Double(bounds.height))
        cairo_clip(context)
        for clip in placement.clips where clip.outline != .rectangle {
            geometry.path(clip).append(to: context)
            cairo_clip(context)
        }
        // Opacity applies to the leaf as a whole (a stroke's overlaps are not darker), as the raster path's layer alpha does.
        if placement.opacity != 1 { cairo_push_group(context) }
        switch operation {
        case .image(let paint): try pictures.draw(paint, in: context)
        case .fill(let paint): PDFShapes.fill(paint, scale: plan.scale, in: context)
        case .border(let paint): PDFShapes.border(paint, scale: plan.scale, in: context)
        case .shape(let paint): PDFShapes.shape(paint, geometry: geometry, in: context)
        case .text(let paint): PDFGlyphs.text(paint, scale: plan.scale, in: context)
        case .symbol(let paint): try PDFGlyphs.symbol(paint, svg: symbols[paint.symbol.name]!, in: context)
        case .group: break
        }
        if placement.opacity != 1 {
            cairo_pop_group_to_source(context)
            cairo_paint_with_alpha(context, placement.opacity)
        }
    }
}

extension PaintOperation {
    /// A leaf's placement; `nil` for an effect group.
    var placement: Placement? {
        switch self {
        case .image(let op): op.placement
        case .fill(let op): op.placement
        case .border(let op): op.placement
        case .shape(let op): op.placement
        case .text(let op): op.placement
        case .symbol(let op): op.placement
        case .group: nil
        }
    }

    /// Shape leaves put ink past their rect (a centred stroke), cut only by their clips.
    var isShape: Bool {
        if case .shape = self { true } else { false }
    }
}
