/// Lays out a view tree the way SwiftUI's `ImageRenderer` would and returns the `RenderPlan`.
///
/// Pure math: sizes go up, proposals go down (spec §1), positions stay exact until each drawn leaf
/// and clip is rounded once to the pixel grid (spec §10).
public enum LayoutEngine {
    /// Plans `view` under `ImageRenderer.proposedSize = proposal` and `scale`.
    /// - Parameters:
    ///   - images: metrics of every image the tree shows.
    ///   - proposal: default `(nil, nil)`, the ideal size.
    ///   - scale: pixels per point, default 1.
    ///   - canvas: how the root size becomes the canvas's pixels, up (as `ImageRenderer`) by default.
    ///   - text: measures `Text` leaves; without one, a tree with text is refused.
    ///   - focus: finds `.focus(.attention)`-style points in pixels; without one, alignment places those images.
    public static func plan(
        _ view: ViewNode, images: ImageCatalog, proposal: ProposedSize = .unspecified, scale: Double = 1, canvas: CanvasRounding = .up,
        text: (any TextMeasuring)? = nil, focus: (any FocusFinding)? = nil
    ) throws(LayoutError) -> RenderPlan {
        guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
        let root = try LayoutTreeBuilder(images: images, text: text, pixelLength: 1 / scale, focus: focus).build(view)
        let size = root.size(for: proposal)
        guard size.isFinite else { throw .nonFiniteRootSize(size) }
        guard size.width > 0, size.height > 0 else { throw .emptyRootSize(size) }

        let planner = PaintPlanner(grid: PixelGrid(scale: scale), rootSize: size, rounding: canvas)
        try planner.checkRange(Rect(origin: .zero, size: size))
        let recorder = PaintRecorder()
        root.place(proposal: proposal, size: size, at: .zero, into: recorder)
        let (operations, leaves) = try planner.operations(for: recorder.items)
        var plan = RenderPlan(
            rootSize: size, scale: scale, canvas: planner.canvas, operations: operations, leaves: leaves,
            effects: recorder.effects, identified: recorder.identified)
        plan.loggedSizes = recorder.loggedSizes
        return plan
    }
}
