// Swift's trapping float-to-integer initialisers, shadowed so that calling one from a module that
// imports CheckedConversion is a compile error (Package.swift treats `DeprecatedDeclaration` as an
// error in every target; `scripts/lint` refuses the spellings the compiler cannot see): convert
// with `init(saturating:)` instead. A module's own declaration shadows the standard library's
// identical one, so these are the ones the compiler finds; they convert saturating too, should a
// target ever build without the error.

extension Int {
    /// Refused at compile time: `Int(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `Int(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension Int8 {
    /// Refused at compile time: `Int8(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int8(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `Int8(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int8(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension Int16 {
    /// Refused at compile time: `Int16(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int16(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `Int16(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int16(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension Int32 {
    /// Refused at compile time: `Int32(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int32(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `Int32(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int32(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension Int64 {
    /// Refused at compile time: `Int64(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int64(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `Int64(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use Int64(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension UInt {
    /// Refused at compile time: `UInt(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `UInt(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension UInt8 {
    /// Refused at compile time: `UInt8(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt8(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `UInt8(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt8(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension UInt16 {
    /// Refused at compile time: `UInt16(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt16(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `UInt16(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt16(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension UInt32 {
    /// Refused at compile time: `UInt32(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt32(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `UInt32(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt32(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}

extension UInt64 {
    /// Refused at compile time: `UInt64(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt64(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Double) { self.init(saturating: value) }

    /// Refused at compile time: `UInt64(saturating:)` is the conversion that cannot trap.
    @available(*, deprecated, message: "use UInt64(saturating:), which cannot trap on NaN, infinity or an out-of-range value")
    @inlinable public init(_ value: Float) { self.init(saturating: value) }
}
