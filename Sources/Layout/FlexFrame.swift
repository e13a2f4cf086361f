/// The constraints of one axis of a flexible frame, normalised as SwiftUI does at construction
/// (spec §5.1): negative minimums become 0, ideal is raised to min, max is raised to ideal.
public struct FlexAxis: Sendable, Hashable {
    public private(set) var min: Double?
    public private(set) var ideal: Double?
    public private(set) var max: Double?

    public init(min: Double? = nil, ideal: Double? = nil, max: Double? = nil) {
        let minN = min.map { Swift.max($0, 0) }
        let idealN = ideal.map { Swift.max(minN ?? 0, $0) }
        // Not raised to `min` when ideal is nil: `minWidth: 200, maxWidth: 100` stays contradictory.
        let maxN = max.map { Swift.max(idealN ?? 0, $0) }
        self.min = minN
        self.ideal = idealN
        self.max = maxN
    }

    /// True when no constraint is set: the axis follows its child.
    public var isUnconstrained: Bool { min == nil && ideal == nil && max == nil }

    /// True when both bounds exist and are consistent, so the frame clamps any proposal itself.
    var hasConsistentBounds: Bool {
        guard let lo = min, let hi = max else { return false }
        return lo <= hi
    }
}

/// A normalised flexible frame: one `FlexAxis` per axis plus the child's alignment.
public struct FlexFrame: Sendable, Hashable {
    public var width: FlexAxis
    public var height: FlexAxis
    public var alignment: Alignment

    public init(width: FlexAxis = FlexAxis(), height: FlexAxis = FlexAxis(), alignment: Alignment = .center) {
        self.width = width
        self.height = height
        self.alignment = alignment
    }
}
