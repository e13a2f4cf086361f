/// One node of the tree during a layout pass: SwiftUI's two layout functions (spec §1.1) and the
/// three a parent stack asks about (views spec §0.3).
///
/// Nodes are classes only so that a node can cache answers for the pass; they are built per
/// request by `LayoutTreeBuilder` and never shared.
protocol LayoutNode: AnyObject {
    /// The size this node answers to `proposal`. Pure: may ask children any number of times.
    func size(for proposal: ProposedSize) -> Size

    /// Places this node, already sized `size` under `proposal`, with its top-left at `origin`
    /// (root coordinates), and records what it draws.
    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder)

    /// Preferred distances to neighbours in a stack (views spec §1.4). Leaves: `Spacing.plain`.
    func spacing() -> Spacing

    /// `layoutPriority` as a parent stack sees it (views spec §1.3). Leaves: 0.
    func priority() -> Double

    /// An explicit value for `guide` when the node, sized `size` under `proposal`, sets one
    /// (views spec §1.6); `nil` lets the default apply. Leaves: `nil`.
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double?

    /// True for a `Spacer`, whose spacing survives frames around it (views spec §1.4.4).
    var requiresSpacingProjection: Bool { get }

    /// The point, in this node's own coordinates when sized `size`, that a smaller container of size
    /// `window` should centre (`ImageFocus`); `nil` lets the container's alignment decide. Leaves
    /// other than a focused image: `nil`.
    func focus(size: Size, window: Size) -> Point?

    /// `zIndex(_:)` as a parent stack sees it: children are drawn in ascending order, equal values
    /// in their own order. Leaves: 0.
    func zIndex() -> Double
}

extension LayoutNode {
    func spacing() -> Spacing { .plain }
    func priority() -> Double { 0 }
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? { nil }
    var requiresSpacingProjection: Bool { false }
    func focus(size: Size, window: Size) -> Point? { nil }
    func zIndex() -> Double { 0 }

    /// The indices of `children` in drawing order: by ascending `zIndex`, stable for equal values.
    static func drawingOrder(_ children: [LayoutNode]) -> [Int] {
        let z = children.map { $0.zIndex() }
        guard z.contains(where: { $0 != 0 }) else { return Array(children.indices) }
        return children.indices.sorted { z[$0] != z[$1] ? z[$0] < z[$1] : $0 < $1 }
    }

    /// Sizes this node under `proposal` and places it at `origin`: what a parent does for each child.
    func layOut(proposal: ProposedSize, at origin: Point, into recorder: PaintRecorder) {
        place(proposal: proposal, size: size(for: proposal), at: origin, into: recorder)
    }

    /// The value of `guide`: explicit if the node sets one, else the default fraction.
    func guide(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double {
        explicit(guide, proposal: proposal, size: size) ?? guide.defaultValue(in: size)
    }
}

/// A modifier that does not change layout's view of its child: spacing, priority, explicit guides
/// and spacer-ness are the child's (render-only effects, `id`, `ignoresSafeArea`, overlays).
protocol TransparentLayout: LayoutNode {
    var child: LayoutNode { get }
}

extension TransparentLayout {
    func spacing() -> Spacing { child.spacing() }
    func priority() -> Double { child.priority() }
    func explicit(_ guide: AlignmentKey, proposal: ProposedSize, size: Size) -> Double? {
        child.explicit(guide, proposal: proposal, size: size)
    }
    var requiresSpacingProjection: Bool { child.requiresSpacingProjection }
    func focus(size: Size, window: Size) -> Point? { child.focus(size: size, window: window) }
    func zIndex() -> Double { child.zIndex() }
}
