/// `HStack` and `VStack`: one algorithm with the axes swapped (views spec §1). Children are sized
/// along the major axis by `distribute` (§1.3), aligned on one guide across it (§1.6), and placed
/// one after the other with the gaps of `distances` (§1.4).
final class StackLayout: LayoutNode {
    let axis: Axis
    let alignment: AlignmentKey
    let children: [LayoutNode]
    /// `dist[i]`: the gap before child `i` (0 before the first).
    let distances: [Double]

    /// The outcome of sizing the children under one proposal.
    struct Arrangement {
        var proposals: [ProposedSize]
        var sizes: [Size]
        /// Each child's minor-axis origin relative to the stack's top/leading edge.
        var minorOrigins: [Double]
        var size: Size
    }

    private var cache: [ProposedSize: Arrangement] = [:]

    init(axis: Axis, alignment: AlignmentKey, spacing: Double?, children: [LayoutNode]) {
        self.axis = axis
        self.alignment = alignment
        self.children = children
        self.distances = children.indices.map { i in
            i == 0 ? 0 : spacing ?? children[i - 1].spacing().distance(to: children[i].spacing(), along: axis)
        }
    }

    func size(for proposal: ProposedSize) -> Size {
        arrangement(for: proposal).size
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        // The minor `nil` becomes the stack's own thickness (`proposalWhenPlacing`, §1.5).
        var placing = proposal
        if minor(of: proposal) == nil { placing = self.proposal(major: major(of: proposal), minor: minor(of: size)) }
        let a = arrangement(for: placing)
        var position = 0.0
        var offsets: [Point] = []
        for i in children.indices {
            position += distances[i]
            offsets.append(point(major: position, minor: a.minorOrigins[i]))
            position += major(of: a.sizes[i])
        }
        // Positions follow the children's order; drawing follows their zIndex.
        for i in Self.drawingOrder(children) {
            children[i].place(proposal: a.proposals[i], size: a.sizes[i], at: origin + offsets[i], into: recorder)
        }
    }

    /// Exports the children's preferences: all of them across the axis, the first child's on the
    /// leading edge and the last child's on the trailing edge (views spec §1.4.4).
    func spacing() -> Spacing {
        var result = Spacing()
        let (lead, trail, across): (Spacing.Edge, Spacing.Edge, Set<Spacing.Edge>) =
            axis == .horizontal ? (.left, .right, [.top, .bottom]) : (.top, .bottom, [.left, .right])
        for (i, child) in children.enumerated() {
            var edges = across
            if i == 0 { edges.insert(lead) }
            if i == children.count - 1 { edges.insert(trail) }
            result.incorporate(child.spacing(), edges: edges)
        }
        return result
    }

    /// 0, or −∞ for an empty stack (views spec §1.3).
    func priority() -> Double {
        children.isEmpty ? -.infinity : 0
    }

    func arrangement(for proposal: ProposedSize) -> Arrangement {
        if let cached = cache[proposal] { return cached }
        let minorProposal = minor(of: proposal)
        let (proposals, sizes): ([ProposedSize], [Size])
        if let major = major(of: proposal) {
            (proposals, sizes) = distribute(major: major, minor: minorProposal)
        } else {
            proposals = children.map { _ in self.proposal(major: nil, minor: minorProposal) }
            sizes = zip(children, proposals).map { $0.size(for: $1) }
        }
        // Cross axis: each child's guide on one line; the union always contains the line (§1.6).
        var origins: [Double] = []
        var lo = 0.0
        var hi = 0.0
        for (i, child) in children.enumerated() {
            let o = -child.guide(alignment, proposal: proposals[i], size: sizes[i])
            origins.append(o)
            lo = min(lo, o)
            hi = max(hi, o + minor(of: sizes[i]))
        }
        let majorLength = sizes.reduce(0) { $0 + major(of: $1) } + distances.reduce(0, +)
        let result = Arrangement(
            proposals: proposals, sizes: sizes, minorOrigins: origins.map { $0 - lo },
            size: children.isEmpty ? .zero : size(major: majorLength, minor: hi - lo))
        cache[proposal] = result
        return result
    }

    // Axis helpers: major is x for an HStack, y for a VStack.

    func major(of p: ProposedSize) -> Double? { axis == .horizontal ? p.width : p.height }
    func minor(of p: ProposedSize) -> Double? { axis == .horizontal ? p.height : p.width }
    func major(of s: Size) -> Double { axis == .horizontal ? s.width : s.height }
    func minor(of s: Size) -> Double { axis == .horizontal ? s.height : s.width }

    func proposal(major: Double?, minor: Double?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: major, height: minor) : ProposedSize(width: minor, height: major)
    }

    private func size(major: Double, minor: Double) -> Size {
        axis == .horizontal ? Size(width: major, height: minor) : Size(width: minor, height: major)
    }

    private func point(major: Double, minor: Double) -> Point {
        axis == .horizontal ? Point(x: major, y: minor) : Point(x: minor, y: major)
    }
}
