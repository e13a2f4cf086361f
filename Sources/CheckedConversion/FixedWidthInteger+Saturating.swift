/// The one conversion from floating-point values to integers in ImageFrame. Swift's own
/// `Int(_: Double)` traps on NaN, on infinities and on anything past the type's range, so one
/// request carrying `1e19` or a subnormal divisor could stop the process; this conversion cannot.
extension FixedWidthInteger {
    /// `value` rounded toward zero (as `Int(_:)` does; round first for any other rule), clamped to
    /// `saturationBound`; NaN becomes 0.
    @inlinable
    public init(saturating value: Double) {
        guard !value.isNaN else {
            self = 0
            return
        }
        let bound = Self.saturationBound
        let clamped = Swift.min(Swift.max(value.rounded(.towardZero), Double(bound.lowerBound)), Double(bound.upperBound))
        self = Self(exactly: clamped) ?? (clamped < 0 ? bound.lowerBound : bound.upperBound)
    }

    /// `init(saturating:)` for a `Float`.
    @inlinable
    public init(saturating value: Float) {
        self.init(saturating: Double(value))
    }

    /// The range a converted value is clamped to. Types narrower than 32 bits use their whole range
    /// (a colour channel saturates at 255). Wider ones stop at ±2²⁹ (32-bit) and ±2⁵² (64-bit): far
    /// past any pixel coordinate, Pango unit or byte count the limits allow, and small enough that
    /// adding a few clamped values (an origin plus twice a margin) cannot overflow either.
    @inlinable
    public static var saturationBound: ClosedRange<Self> {
        guard bitWidth >= 32 else { return min...max }
        let magnitude: Self = bitWidth >= 64 ? 1 << 52 : 1 << 29
        return (isSigned ? 0 - magnitude : 0)...magnitude
    }
}
