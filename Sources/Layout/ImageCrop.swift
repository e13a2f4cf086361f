import CheckedConversion

/// A window of the image cut out before layout (`.crop(…)`; imgproxy's `c:`, thumbor's manual crop
/// `AxB:CxD`): what is left is the image's intrinsic size, as after a trim. SwiftUI crops only by
/// framing and clipping a resized image, which cannot cut the source before it is resized, so this
/// is ours.
public struct ImageCrop: Sendable, Hashable {
    /// The window's width: 0 is the whole width, below 1 a fraction of it, from 1 whole pixels of the
    /// upright image (imgproxy's rule), never more than the image has.
    public var width: Double
    /// The window's height, by the same rule.
    public var height: Double
    /// The window's top-left corner in pixels of the upright image (thumbor's `left`, `top`); `nil`
    /// places it by `alignment`.
    public var origin: Point?
    /// Where the window sits in the image when `origin` is `nil`.
    public var alignment: Alignment

    public init(width: Double, height: Double, origin: Point? = nil, alignment: Alignment = .center) {
        self.width = width
        self.height = height
        self.origin = origin
        self.alignment = alignment
    }

    /// The window in the pixels of an upright image of `width` × `height` pixels, inside it and at
    /// least one pixel on each side.
    public func rect(inWidth width: Int, height: Int) -> PixelRect {
        let w = Self.side(self.width, of: width)
        let h = Self.side(self.height, of: height)
        let x: Int
        let y: Int
        if let origin {
            x = min(max(0, Int(saturating: origin.x.rounded(.down))), width - w)
            y = min(max(0, Int(saturating: origin.y.rounded(.down))), height - h)
        } else {
            // Half a pixel rounds toward the far side, as imgproxy centres a crop.
            x = Int(saturating: (Double(width - w) * alignment.horizontalFraction).rounded(.toNearestOrAwayFromZero))
            y = Int(saturating: (Double(height - h) * alignment.verticalFraction).rounded(.toNearestOrAwayFromZero))
        }
        return PixelRect(x: x, y: y, width: w, height: h)
    }

    private static func side(_ length: Double, of full: Int) -> Int {
        guard full > 0 else { return 0 }
        if length <= 0 { return full }
        if length < 1 { return min(full, max(1, Int(saturating: (Double(full) * length).rounded(.toNearestOrAwayFromZero)))) }
        return min(full, Int(saturating: length.rounded(.down)))
    }
}

extension ViewNode {
    /// The crop of every cropped image the tree shows, by reference; the first leaf's when two differ.
    public var imageCrops: [ImageRef: ImageCrop] { firstPerImage(\.crop) }
}
