/// Which part of an image stays in view when a frame crops it (`focus=`, `.focus(…)`): SwiftUI has
/// no word for it, so it is ours. Without one, the frame's alignment decides, as in SwiftUI.
public enum ImageFocus: Sendable, Hashable {
    /// A point of the image as shown (after orientation), in fractions of its width and height from
    /// the top-left: the crop centres it as far as the image still covers the frame.
    case point(x: Double, y: Double)
    /// A point of the image as shown, in its pixels from the top-left (thumbor's focal points):
    /// the same as `point` at those fractions of the image's pixel size, found once it is known.
    case pixel(x: Double, y: Double)
    /// The renderer looks at the pixels (libvips `smartcrop`) and picks the point.
    case content(ContentFocus)
}

/// How the renderer finds the interesting part of an image (libvips `VipsInteresting`).
public enum ContentFocus: String, CaseIterable, Sendable, Hashable {
    /// Edges, skin tones and saturated colours: what catches the eye.
    case attention
    /// The busiest part: the window with the most entropy.
    case entropy
}

/// Finds the interesting part of an image for `ContentFocus`; the renderer supplies one that looks
/// at pixels, so layout stays free of them (like `TextMeasuring`).
public protocol FocusFinding {
    /// The centre of the `window`-sized part of `ref` that `strategy` would keep, in fractions of the
    /// image as shown; `window` is in fractions too (each ≤ 1). `nil`: no opinion (the frame's
    /// alignment decides).
    func focus(of ref: ImageRef, strategy: ContentFocus, window: Size) -> Point?
}

extension LayoutNode {
    /// Where a container of `container` size puts this child, sized `size`: by `alignment`, except
    /// on an axis where the child is larger and has a focus (`ImageFocus`), which the container
    /// centres, as far as the child still covers it (imgproxy's `g:fp`, clamped like `smartcrop`).
    func origin(size: Size, in container: Size, alignment: Alignment) -> Point {
        let aligned = alignment.childOrigin(child: size, in: container)
        guard size.width > container.width || size.height > container.height,
            let focus = focus(size: size, window: container)
        else { return aligned }
        func centred(_ aligned: Double, _ focus: Double, _ child: Double, _ container: Double) -> Double {
            guard child > container, child.isFinite, container.isFinite else { return aligned }
            return min(0, max(container - child, container / 2 - focus))
        }
        return Point(
            x: centred(aligned.x, focus.x, size.width, container.width),
            y: centred(aligned.y, focus.y, size.height, container.height))
    }
}
