/// A render-only modifier (views spec §7): layout is the child's; drawing is offset, faded, clipped
/// or grouped under a shadow or colour filter.
final class EffectLayout: TransparentLayout {
    let child: LayoutNode
    let effect: ViewEffect

    init(child: LayoutNode, effect: ViewEffect) {
        self.child = child
        self.effect = effect
    }

    func size(for proposal: ProposedSize) -> Size {
        child.size(for: proposal)
    }

    func place(proposal: ProposedSize, size: Size, at origin: Point, into recorder: PaintRecorder) {
        let rect = Rect(origin: origin, size: size)
        let placeChild = { self.child.place(proposal: proposal, size: size, at: origin, into: recorder) }
        switch effect {
        case let .offset(x, y):
            // Offsets accumulate down the tree; neighbours and the parent never see them (§7.3).
            let delta = Point(x: x, y: y)
            recorder.withOffset(delta) {
                child.place(proposal: proposal, size: size, at: origin + delta, into: recorder)
            }
        case .opacity(let factor):
            recorder.withOpacity(factor, placeChild)
        case .shadow(let shadow):
            recorder.withGroup(.shadow(shadow), rect: rect, placeChild)
        case .clipShape(let kind):
            recorder.withClip(ResolvedShape(kind, in: rect), viewRect: rect, placeChild)
        case .color(let filter):
            recorder.withGroup(.color(filter), rect: rect, placeChild)
        case let .rotation(degrees, anchor):
            guard degrees.truncatingRemainder(dividingBy: 360) != 0 else { return placeChild() }
            recorder.withGroup(.transform(.rotation(degrees: degrees, about: rect.point(at: anchor))), rect: rect, placeChild)
        case let .scale(x, y, anchor):
            guard x != 1 || y != 1 else { return placeChild() }
            recorder.withGroup(.transform(.scale(x: x, y: y, about: rect.point(at: anchor))), rect: rect, placeChild)
        case .blendMode(let mode):
            guard mode != .normal else { return placeChild() }
            recorder.withGroup(.blend(mode), rect: rect, placeChild)
        case .zIndex:
            placeChild()
        }
    }

    func zIndex() -> Double {
        if case .zIndex(let value) = effect { value } else { child.zIndex() }
    }
}
