/// One node of the tree during a layout pass: SwiftUI's two layout functions (spec §1.1).
///
/// Nodes are classes only so that a node can cache its ideal size for the pass; they are built per
/// request by `LayoutTreeBuilder` and never shared.
protocol LayoutNode: AnyObject {
    /// The size this node answers to `proposal`. Pure: may ask children any number of times.
    func size(for proposal: ProposedSize) -> Size

    /// Places this node, already sized `size` under `proposal`, with its top-left at `origin`
    /// (root coordinates), and records what it draws.
    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder)
}

extension LayoutNode {
    /// Sizes this node under `proposal` and places it at `origin`: what a parent does for each child.
    func layOut(proposal: ProposedSize, at origin: Point, into recorder: PaintRecorder) {
        place(proposal: proposal, size: size(for: proposal), at: origin, into: recorder)
    }
}

/// Collects what the leaves draw, in paint order, with the clip rects in force for each.
final class PaintRecorder {
    /// One drawn thing with its unrounded rect (root coordinates) and the enclosing clips, outermost first.
    enum Item {
        case image(ImageView, ImageMetrics, Rect, clips: [Rect])
        case fill(Paint, Rect, clips: [Rect])
        case border(Paint, width: Double, Rect, clips: [Rect])
    }

    private(set) var items: [Item] = []
    private var clips: [Rect] = []

    func recordImage(_ view: ImageView, _ metrics: ImageMetrics, in rect: Rect) {
        items.append(.image(view, metrics, rect, clips: clips))
    }

    func recordFill(_ paint: Paint, in rect: Rect) {
        items.append(.fill(paint, rect, clips: clips))
    }

    func recordBorder(_ paint: Paint, width: Double, in rect: Rect) {
        items.append(.border(paint, width: width, rect, clips: clips))
    }

    /// Runs `body` with `rect` added to the clip stack: `clipped()` cuts only its own subtree.
    func withClip(_ rect: Rect, _ body: () -> Void) {
        clips.append(rect)
        body()
        clips.removeLast()
    }
}
