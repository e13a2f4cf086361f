/// A stack's major axis, or the axis a distance is measured along.
enum Axis: Sendable, Hashable {
    case horizontal, vertical
}

/// A view's preferred distances to its neighbours, per edge and category: SwiftUI's `ViewSpacing`
/// (views spec §1.4.2). Two neighbours' preferences combine into one gap with `distance(to:along:)`.
struct Spacing: Sendable, Hashable {
    /// What kind of neighbour a preference applies to; `nil` (in `Key`) applies to any neighbour.
    enum Category: Sendable, Hashable {
        case edgeBelowText, edgeAboveText, edgeLeftText, edgeRightText, textToText, textBaseline
    }

    /// Absolute edges (LTR only).
    enum Edge: Sendable, Hashable, CaseIterable {
        case top, bottom, left, right
    }

    /// One preference's address.
    struct Key: Sendable, Hashable {
        var category: Category?
        var edge: Edge
    }

    /// Text metrics as spacing uses them: the leading of the lower line decides Text → Text gaps.
    struct LineMetrics: Sendable, Hashable {
        var leading: Double
        var pixelLength: Double
    }

    /// A preference: a plain distance, or the metrics of a Text's top or bottom line.
    enum Value: Sendable, Hashable {
        case distance(Double)
        case top(LineMetrics)
        case bottom(LineMetrics)
    }

    /// SwiftUI's default gap between views with no matching preference (`CoreGlue.defaultSpacing`).
    static let defaultDistance = 8.0

    var values: [Key: Value] = [:]

    /// The plain preference of colours, shapes, images, frames: category keys at 0, no nil keys.
    static let plain = Spacing(values: plainValues(for: Edge.allCases))

    private static func plainValues(for edges: [Edge]) -> [Key: Value] {
        var values: [Key: Value] = [:]
        for edge in edges {
            let category: Category =
                switch edge {
                case .top: .edgeBelowText
                case .bottom: .edgeAboveText
                case .left: .edgeRightText
                case .right: .edgeLeftText
                }
            values[Key(category: category, edge: edge)] = .distance(0)
        }
        return values
    }

    /// A Spacer's preference: 0 to anything on the edges along its stack (all four without one).
    static func spacer(axis: Axis?) -> Spacing {
        let edges: [Edge] =
            switch axis {
            case .horizontal: [.left, .right]
            case .vertical: [.top, .bottom]
            case nil: Edge.allCases
            }
        return Spacing(values: Dictionary(uniqueKeysWithValues: edges.map { (Key(category: nil, edge: $0), Value.distance(0)) }))
    }

    /// Drops every preference on `edges` and puts the plain ones back (frames, padding; §1.4.4).
    func reset(_ edges: [Edge]) -> Spacing {
        guard !edges.isEmpty else { return self }
        var copy = self
        copy.values = values.filter { !edges.contains($0.key.edge) }
        copy.values.merge(Self.plainValues(for: edges)) { _, plain in plain }
        return copy
    }

    /// Adds `other`'s preferences on `edges`, keeping the larger distance where both have one
    /// (a stack exporting its children's preferences, SwiftUI's `incorporate`).
    mutating func incorporate(_ other: Spacing, edges: Set<Edge>) {
        for (key, value) in other.values where edges.contains(key.edge) {
            if case .distance(let a)? = values[key], case .distance(let b) = value {
                values[key] = .distance(max(a, b))
            } else if values[key] == nil {
                values[key] = value
            }
        }
    }

    /// The gap between this view and `next`, which follows it along `axis` (§1.4.3).
    func distance(to next: Spacing, along axis: Axis) -> Double {
        let (trailing, leading): (Edge, Edge) = axis == .horizontal ? (.right, .left) : (.bottom, .top)
        var best: Double?
        for (key, value) in values where key.edge == trailing && key.category != nil {
            guard let other = next.values[Key(category: key.category, edge: leading)],
                let d = Self.combine(value, other)
            else { continue }
            best = max(best ?? -.infinity, d)
        }
        if let best { return best }
        let own = values[Key(category: nil, edge: trailing)].flatMap(Self.plainDistance)
        let theirs = next.values[Key(category: nil, edge: leading)].flatMap(Self.plainDistance)
        if own != nil || theirs != nil { return max(own ?? -.infinity, theirs ?? -.infinity) }
        return Self.defaultDistance
    }

    private static func plainDistance(_ value: Value) -> Double? {
        if case .distance(let d) = value { d } else { nil }
    }

    private static func combine(_ a: Value, _ b: Value) -> Double? {
        switch (a, b) {
        case let (.distance(x), .distance(y)): x + y
        case let (.distance(x), _): x
        case let (_, .distance(y)): y
        case let (.top(t), .bottom(m)), let (.bottom(m), .top(t)):
            m.leading.roundedUp(toMultipleOf: t.pixelLength)
        case (.top, .top), (.bottom, .bottom): nil
        }
    }
}

extension Double {
    /// `ceil_m(v)` of the views spec: rounded up to a multiple of `m` (no change when `m` is 0).
    public func roundedUp(toMultipleOf m: Double) -> Double {
        guard m > 0 else { return self }
        let k = self / m
        // Values a hair above a whole step through floating-point noise stay on that step.
        let nearest = k.rounded()
        return (abs(k - nearest) < 1e-9 ? nearest : k.rounded(.up)) * m
    }
}
