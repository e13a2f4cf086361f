import CheckedConversion
import Dispatch

extension DispatchTimeInterval {
    /// `duration` to the nanosecond, for Dispatch deadlines (negative durations count as zero).
    init(_ duration: Duration) {
        let (seconds, attoseconds) = max(.zero, duration).components
        self = .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
