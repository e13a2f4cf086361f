import CheckedConversion
import Dispatch

extension DispatchTime {
    /// The moment `duration` from now, for Dispatch timers.
    static func after(_ duration: Duration) -> DispatchTime {
        let (seconds, attoseconds) = duration.components
        return .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
    }
}
