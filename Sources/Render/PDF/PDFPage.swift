import Layout

/// Where the view lands on the PDF page, in points (1 pt = 1 PDF unit). Without a page size the page
/// is the view's own size, its canvas in points (root size on the pixel grid); with one, the view is
/// centred on it, translated by ((page − view) / 2) as Apple's `ImageRenderer` PDF example does.
/// Pure geometry: `PDFWriter` applies it to the cairo context.
struct PDFPage: Equatable {
    /// The page, points.
    let size: PageSize
    /// The view's size on the page, points.
    let viewSize: Size
    /// Where the view's top-left lands on the page, points from the page's top-left.
    let origin: Point
    /// Points per canvas pixel: the paint list's pixel coordinates are drawn scaled by this.
    let pointsPerPixel: Double

    init(plan: RenderPlan, page: PageSize?) {
        pointsPerPixel = 1 / plan.scale
        viewSize = Size(width: Double(plan.canvas.width) / plan.scale, height: Double(plan.canvas.height) / plan.scale)
        size = page ?? PageSize(width: viewSize.width, height: viewSize.height)
        origin = Point(x: (size.width - viewSize.width) / 2, y: (size.height - viewSize.height) / 2)
    }
}
