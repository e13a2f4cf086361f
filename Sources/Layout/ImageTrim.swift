/// Uniform borders to cut off an image before layout (`trim=`, `.trim(…)`; imgproxy's `t:`, thumbor's
/// `trim`): what is left is the image's intrinsic size. SwiftUI has no word for it, so it is ours.
public struct ImageTrim: Sendable, Hashable {
    /// libvips `find_trim`'s threshold, from its default 10.
    public static let defaultThreshold = 10.0

    /// How far (0–255 per channel) a pixel may be from the border colour and still count as border.
    public var threshold: Double
    /// The border colour; `nil` takes the image's top-left pixel, as imgproxy does.
    public var color: RGBAColor?

    public init(threshold: Double = defaultThreshold, color: RGBAColor? = nil) {
        self.threshold = threshold
        self.color = color
    }
}

extension ViewNode {
    /// The trim of every trimmed image the tree shows, by reference; the first leaf's when two differ.
    public var imageTrims: [ImageRef: ImageTrim] { firstPerImage(\.trim) }

    /// `value` of the first leaf of each image that has one, by reference.
    func firstPerImage<Value>(_ value: KeyPath<ImageView, Value?>) -> [ImageRef: Value] {
        imageLeaves.reduce(into: [:]) { values, image in
            if let found = image[keyPath: value], values[image.ref] == nil { values[image.ref] = found }
        }
    }

    /// Every image whose crop a content focus (`.focus(.attention)`, `.focus(.entropy)`) places: the
    /// renderer looks at its pixels during layout.
    public var contentFocusedImages: Set<ImageRef> {
        Set(imageLeaves.compactMap { image in if case .content = image.focus { image.ref } else { nil } })
    }

    /// Every `Image` leaf, in tree order.
    public var imageLeaves: [ImageView] {
        if case .image(let image) = self { return [image] }
        return subviews.flatMap(\.imageLeaves)
    }
}
