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

    /// `WxH` in points (`800x600`, `595.28x841.89`) or a name (`a4`, `letter`, any case); each side
    /// finite, above 0 and at most `maxSide`.
    static func parse(_ text: String, maxSide: Double, numbers: NumberBounds = NumberBounds()) throws(SpecError) -> PageSize {
        let expected = "WxH in points (e.g. 800x600, each side above 0 and at most \(NumberText.format(maxSide))), a4 or letter"
        if let known = named.first(where: { $0.name == text.lowercased() }) { return known.size }
        let sides = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard sides.count == 2, let width = numbers.number(sides[0]), let height = numbers.number(sides[1]) else {
            throw .invalidValue(param: "page", value: text, expected: expected)
        }
        for side in [width, height] where !(side.isFinite && side > 0 && side <= maxSide) {
            throw .invalidValue(param: "page", value: text, expected: expected)
        }
        return PageSize(width: width, height: height)
    }

    /// `WxH` with the shortest number spellings: the canonical form of `page=` (`a4` prints as its size).
    public var canonicalText: String {
        NumberText.format(width) + "x" + NumberText.format(height)
    }
}
