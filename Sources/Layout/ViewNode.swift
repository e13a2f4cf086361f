/// Which bitmap an `Image` leaf shows: the request's own source (the URL path, or `--size` in
/// `imgframe plan`) or another named source under the same root.
public enum ImageRef: Sendable, Hashable {
    case primary
    case named(String)
}

/// An `Image` leaf with its image-only modifiers folded in (`resizable`, `interpolation`): in SwiftUI
/// these return a new `Image`, so the last call wins.
public struct ImageView: Sendable, Hashable {
    public var ref: ImageRef
    /// `nil` for a non-resizable image, which always reports its point size.
    public var resizing: Resizing?
    public var interpolation: Interpolation

    public init(ref: ImageRef, resizing: Resizing? = nil, interpolation: Interpolation = .low) {
        self.ref = ref
        self.resizing = resizing
        self.interpolation = interpolation
    }
}

/// A view tree in the subset of SwiftUI the service understands. Each modifier case wraps the view
/// it modifies, exactly as Swift modifier chains nest. This is the value the URL parser produces and
/// the layout engine consumes.
public indirect enum ViewNode: Sendable, Hashable {
    /// `Image(...)`, possibly resizable.
    case image(ImageView)
    /// A shape leaf filled with a colour or gradient (`Color.red`, `Color.clear`, `LinearGradient`).
    case shape(Paint)
    /// `aspectRatio(ratio, contentMode:)`; `ratio == nil` uses the child's ideal size.
    case aspectRatio(ViewNode, ratio: Double?, contentMode: ContentMode)
    /// `frame(width:height:alignment:)`.
    case frame(ViewNode, width: Double?, height: Double?, alignment: Alignment)
    /// `frame(minWidth:idealWidth:maxWidth:minHeight:idealHeight:maxHeight:alignment:)`, normalised.
    case flexFrame(ViewNode, FlexFrame)
    /// `overlay(alignment:) { content }`: drawn in front, proposed the host's size.
    case overlay(ViewNode, content: ViewNode, alignment: Alignment)
    /// `background(alignment:) { content }`: drawn behind, proposed the host's size.
    case background(ViewNode, content: ViewNode, alignment: Alignment)
    /// `border(paint, width:)`: a band of `width` points inside the view's bounds.
    case border(ViewNode, paint: Paint, width: Double)
    /// `clipped(antialiased:)`: cuts everything the wrapped subtree draws to its bounds.
    case clipped(ViewNode, antialiased: Bool)
}

extension ImageRef {
    /// The source name this reference stands for; the primary image is the request's own `source`.
    public func name(primary source: String) -> String {
        switch self {
        case .primary: source
        case .named(let name): name
        }
    }
}

extension ViewNode {
    /// Every image the tree shows.
    public var imageRefs: Set<ImageRef> {
        switch self {
        case .image(let image): [image.ref]
        case .shape: []
        case .aspectRatio(let child, _, _), .frame(let child, _, _, _), .flexFrame(let child, _), .border(let child, _, _),
             .clipped(let child, _):
            child.imageRefs
        case .overlay(let child, let content, _), .background(let child, let content, _):
            child.imageRefs.union(content.imageRefs)
        }
    }
}
