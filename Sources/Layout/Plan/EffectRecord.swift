/// What an effect group does to the composite of its subtree (views spec §7).
public enum GroupEffect: Sendable, Hashable {
    case shadow(Shadow)
    case color(ColorEffect)
    /// `rotationEffect`, `scaleEffect`: the layer drawn through the map (root coordinates, points).
    /// The operations inside carry no clips from outside the group: those cut the mapped result.
    case transform(AffineTransform)
    /// `blendMode`: the layer combined with what is beneath it by `mode`.
    case blend(BlendMode)
    /// `mask(alignment:_:)`: the layer's alpha multiplied by that of the group's `mask` operations.
    case mask
}

/// A render-only effect as laid out, in tree order: the report of shadows and clips in the plan.
public enum EffectRecord: Sendable, Hashable {
    /// A shadow of the view drawn in `viewRect`.
    case shadow(Shadow, viewRect: Rect)
    /// A clip of the view in `viewRect` to `shape` (`clipped()`, `clipShape`, `cornerRadius`).
    case clip(viewRect: Rect, shape: ResolvedShape)
}

/// What `logSizes(_:)` saw: the size proposed to its view when it was placed and the size chosen.
public struct LoggedSizes: Sendable, Hashable {
    public var label: String
    public var proposal: ProposedSize
    public var size: Size

    public init(label: String, proposal: ProposedSize, size: Size) {
        self.label = label
        self.proposal = proposal
        self.size = size
    }
}

/// The drawn rect of a subtree named with `id(_:)`.
public struct IdentifiedRect: Sendable, Hashable {
    public var id: String
    public var rect: Rect

    public init(id: String, rect: Rect) {
        self.id = id
        self.rect = rect
    }
}
