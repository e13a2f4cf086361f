/// SwiftUI's `HorizontalAlignment`: the guide a `VStack` lines its children up on.
public enum HorizontalAlignment: String, CaseIterable, Sendable, Hashable {
    case leading, center, trailing
}

/// SwiftUI's `VerticalAlignment`: the guide an `HStack` lines its children up on. The text baselines
/// default to the bottom edge for views without text (views spec §1.6).
public enum VerticalAlignment: String, CaseIterable, Sendable, Hashable {
    case top, center, bottom, firstTextBaseline, lastTextBaseline
}

/// One alignment guide of a view: a horizontal or a vertical one.
public enum AlignmentKey: Sendable, Hashable {
    case horizontal(HorizontalAlignment)
    case vertical(VerticalAlignment)

    /// The guide's value when the view sets none: 0, half or all of the matching dimension.
    public func defaultValue(in size: Size) -> Double {
        switch self {
        case .horizontal(.leading): 0
        case .horizontal(.center): size.width / 2
        case .horizontal(.trailing): size.width
        case .vertical(.top): 0
        case .vertical(.center): size.height / 2
        case .vertical(.bottom), .vertical(.firstTextBaseline), .vertical(.lastTextBaseline): size.height
        }
    }

    /// The view dimension the guide is measured along: width for horizontal guides, else height.
    public func length(of size: Size) -> Double {
        if case .horizontal = self { size.width } else { size.height }
    }
}

/// `alignmentGuide(_:computeValue:)` in the two closure forms the service accepts: a constant
/// (`{ _ in 20 }`) or a fraction of the dimension along the guide (`{ d in d.height * 0.5 }`).
public struct AlignmentGuide: Sendable, Hashable {
    /// The value the closure returns.
    public enum Value: Sendable, Hashable {
        /// A fixed offset in points from the view's leading/top edge.
        case constant(Double)
        /// `fraction ×` the view's width (horizontal guides) or height (vertical guides).
        case fraction(Double)
    }

    /// Which guide the modifier sets.
    public var key: AlignmentKey
    /// What it sets it to.
    public var value: Value

    public init(key: AlignmentKey, value: Value) {
        self.key = key
        self.value = value
    }

    /// The guide's value for a view of `size`.
    public func resolve(in size: Size) -> Double {
        switch value {
        case .constant(let v): v
        case .fraction(let f): f * key.length(of: size)
        }
    }
}
