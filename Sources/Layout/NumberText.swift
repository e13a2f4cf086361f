import CheckedConversion

extension Double {
    /// A finite number as short text: whole numbers without a fraction (`300`), others in Swift's
    /// shortest round-trip form (`533.3333333333334`). Shared by the plan's JSON, canonical chains,
    /// error messages and metrics, so a number reads the same everywhere.
    public var compactText: String {
        self == rounded() && abs(self) < 1e15 ? String(Int(saturating: self)) : String(self)
    }
}
