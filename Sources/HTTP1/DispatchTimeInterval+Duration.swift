import CheckedConversion
import Dispatch

extension DispatchTimeInterval {
    /// `duration` to the nanosecond, for Dispatch deadlines and waits: negative durations count as
    /// zero, and one past `Int.max` nanoseconds (about 292 years) saturates instead of trapping. The
    /// one conversion from `Duration` to Dispatch (the server's timers, the executor's lanes).
    public init(_ duration: Duration) {
        let (seconds, attoseconds) = max(.zero, duration).components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        let (total, carry) = whole.addingReportingOverflow(attoseconds / 1_000_000_000)
        self = .nanoseconds(overflow || carry ? Int.max : Int(total))
    }
}
