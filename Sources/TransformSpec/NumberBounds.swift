/// The range every number in a request must fall in, whatever it means: a query value (`w=`,
/// `insets=`, `q=`) or a chain argument (`blur(radius:)`, `.system(size:)`). Checked where the text
/// becomes a `Double`, so no huge or vanishing value (`1e19`, `1e308`, the subnormal `1e-320`)
/// reaches layout or rendering, where it once overflowed an integer conversion and stopped the
/// process. Each parameter then applies its own narrower rule (`> 0`, `0…1`, …).
public struct NumberBounds: Sendable, Hashable {
    /// Largest magnitude: a million points is 125 times the largest canvas side the render limits
    /// allow at scale 1, so no view a canvas can show needs more.
    public var largestMagnitude: Double = 1_000_000
    /// Smallest magnitude besides 0: a millionth of a point is nothing on any pixel grid, while
    /// dividing by something much smaller (a subnormal font size) makes infinities.
    public var smallestMagnitude: Double = 0.000_001

    public init() {}

    /// Whether `value` is finite and 0 or within the magnitudes.
    public func admits(_ value: Double) -> Bool {
        value == 0 || (value.isFinite && (smallestMagnitude...largestMagnitude).contains(value.magnitude))
    }

    /// `text` read as a decimal number (Swift's `Double` syntax), if it is one the bounds admit.
    public func number(_ text: some StringProtocol) -> Double? {
        guard let value = Double(text), admits(value) else { return nil }
        return value
    }

    /// The rule in words, for error messages.
    public var description: String {
        "0 or a number from \(NumberText.format(smallestMagnitude)) to \(NumberText.format(largestMagnitude)) in size (either sign)"
    }
}
