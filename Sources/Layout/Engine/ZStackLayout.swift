/// `ZStack(alignment:)`: sized by its highest-priority children only; every child is then proposed
/// the stack's own size and aligned on the common guides (views spec §2). Drawn back to front.
final class ZStackLayout: LayoutNode {
    let alignment: Alignment
    let children: [LayoutNode]

    init(alignment: Alignment, children: [LayoutNode]) {
        self.alignment = alignment
        self.children = children
    }

    /// The children that decide the size: those with the highest priority.
    private lazy var top: [LayoutNode] = {
        let highest = children.map { $0.priority() }.max() ?? 0
        return children.filter { $0.priority() == highest }
    }()

    private var horizontal: AlignmentKey { .horizontal(Self.horizontal(alignment)) }
    private var vertical: AlignmentKey { .vertical(Self.vertical(alignment)) }

    func size(for proposal: ProposedSize) -> Size {
        top.reduce(Size.zero) { size, child in
            let s = child.size(for: proposal)
            return Size(width: max(size.width, s.width), height: max(size.height, s.height))
        }
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        let own = ProposedSize(size)
        let sizes = children.map { $0.size(for: own) }
        var ax = -Double.infinity
        var ay = -Double.infinity
        for (child, s) in zip(children, sizes) where top.contains(where: { $0 === child }) {
            ax = max(ax, child.guide(horizontal, proposal: own, size: s))
            ay = max(ay, child.guide(vertical, proposal: own, size: s))
        }
        for i in Self.drawingOrder(children) {
            let (child, s) = (children[i], sizes[i])
            let offset = Point(
                x: ax - child.guide(horizontal, proposal: own, size: s),
                y: ay - child.guide(vertical, proposal: own, size: s))
            child.place(proposal: own, size: s, at: origin + offset, into: recorder)
        }
    }

    /// The union of every child's preferences (views spec §1.4.4).
    func spacing() -> Spacing {
        children.reduce(into: Spacing()) { $0.incorporate($1.spacing(), edges: Set(Spacing.Edge.allCases)) }
    }

    func priority() -> Double {
        children.isEmpty ? -.infinity : 0
    }

    static func horizontal(_ a: Alignment) -> HorizontalAlignment {
        switch a.horizontalFraction {
        case 0: .leading
        case 1: .trailing
        default: .center
        }
    }

    static func vertical(_ a: Alignment) -> VerticalAlignment {
        switch a.verticalFraction {
        case 0: .top
        case 1: .bottom
        default: .center
        }
    }
}
