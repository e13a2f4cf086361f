/// The PDF page a `fmt=pdf` render is drawn on (`page=`), in points (1 pt = 1 PDF unit). Apple's
/// `ImageRenderer` example draws its view centred on a page of a chosen size; without `page` the
/// page is the view's own size. Only a PDF has pages, so raster formats refuse it.
public struct PageSize: Sendable, Hashable {
    /// Page width, points.
    public var width: Double
    /// Page height, points.
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// ISO 216 A4, 210 × 297 mm.
    public static let a4 = PageSize(width: 595.28, height: 841.89)
    /// US Letter, 8.5 × 11 in.
    public static let letter = PageSize(width: 612, height: 792)
    /// The page names `page=` accepts, lower case.
    public static let named: [(name: String, size: PageSize)] = [("a4", .a4), ("letter", .letter)]
}
