import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// A point on the monotonic clock, in nanoseconds from an arbitrary origin. The connection state
/// machine is handed one with every event instead of reading a clock, so its tests run on a fake
/// clock that starts at zero; the event loops read the real one once per wake-up.
public struct MonotonicTime: Comparable, Hashable, Sendable, CustomStringConvertible {
    public var nanoseconds: Int64

    public init(nanoseconds: Int64) {
        self.nanoseconds = nanoseconds
    }

    /// The clock's origin (what a fake clock starts at).
    public static let zero = MonotonicTime(nanoseconds: 0)

    /// Now, from `CLOCK_MONOTONIC`.
    public static func now() -> MonotonicTime {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return MonotonicTime(nanoseconds: Int64(spec.tv_sec) * 1_000_000_000 + Int64(spec.tv_nsec))
    }

    public static func < (a: MonotonicTime, b: MonotonicTime) -> Bool { a.nanoseconds < b.nanoseconds }

    public static func + (time: MonotonicTime, duration: Duration) -> MonotonicTime {
        let (seconds, attoseconds) = duration.components
        return MonotonicTime(nanoseconds: time.nanoseconds + seconds * 1_000_000_000 + attoseconds / 1_000_000_000)
    }

    /// Whole milliseconds from `self` until `later`, rounded up (0 when `later` has passed).
    func milliseconds(until later: MonotonicTime) -> Int {
        let nanoseconds = later.nanoseconds - self.nanoseconds
        return nanoseconds <= 0 ? 0 : Int((nanoseconds + 999_999) / 1_000_000)
    }

    /// Seconds on the clock, exact and without trailing zeros: `10s`, `0.35s`, `60.000001s`.
    public var description: String {
        let whole = nanoseconds / 1_000_000_000
        var fraction = String(nanoseconds % 1_000_000_000)
        guard fraction != "0" else { return "\(whole)s" }
        fraction = String(repeating: "0", count: 9 - fraction.count) + fraction
        while fraction.last == "0" { fraction.removeLast() }
        return "\(whole).\(fraction)s"
    }
}
