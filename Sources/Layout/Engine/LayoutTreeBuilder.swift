/// Turns a `ViewNode` value into a tree of layout nodes, resolving each `Image` to its metrics.
struct LayoutTreeBuilder {
    let images: ImageCatalog

    func build(_ node: ViewNode) throws(LayoutError) -> LayoutNode {
        switch node {
        case .image(let view):
            guard let metrics = images[view.ref] else { throw .unknownImage(view.ref) }
            return ImageLayout(view: view, metrics: metrics)
        case .shape(let paint):
            return ShapeLayout(paint: paint)
        case let .aspectRatio(child, ratio, mode):
            return AspectRatioLayout(child: try build(child), ratio: ratio, contentMode: mode)
        case let .frame(child, width, height, alignment):
            return FrameLayout(child: try build(child), width: width, height: height, alignment: alignment)
        case let .flexFrame(child, frame):
            return FlexFrameLayout(child: try build(child), frame: frame)
        case let .overlay(child, content, alignment):
            return SecondaryLayerLayout(
                primary: try build(child), secondary: try build(content), alignment: alignment, isBackground: false)
        case let .background(child, content, alignment):
            return SecondaryLayerLayout(
                primary: try build(child), secondary: try build(content), alignment: alignment, isBackground: true)
        case let .border(child, paint, width):
            return BorderLayout(child: try build(child), paint: paint, width: width)
        case .clipped(let child, _):
            // Antialiasing changes nothing for the pixel-aligned rectangular clips in scope (spec §8).
            return ClipLayout(child: try build(child))
        }
    }
}

/// The bitmaps a layout may reference, by `ImageRef`: their pixel size, image scale and orientation.
public struct ImageCatalog: Sendable, Hashable {
    private var entries: [ImageRef: ImageMetrics]

    public init(_ entries: [ImageRef: ImageMetrics] = [:]) {
        self.entries = entries
    }

    public subscript(ref: ImageRef) -> ImageMetrics? {
        get { entries[ref] }
        set { entries[ref] = newValue }
    }
}
