import CheckedConversion
import Dispatch
import Synchronization
import Vips

/// Render deadlines: while `body` computes `image`, a timer set to the time left tells libvips to
/// stop that image (its kill flag); the computation then fails and the worker is free again.
enum Watchdog {
    /// The error for a computation stopped at its deadline. Decided by the timer having fired, not by
    /// libvips's message: its error buffer is process-wide, so another render's text can show up.
    static let deadlineError = VipsError(operation: "deadline", message: "killed at the render deadline")

    private final class Fired: Sendable {
        let value = Atomic<Bool>(false)
    }

    static func run<T>(cancelling image: VImage, after remaining: Duration?, _ body: () throws(VipsError) -> T) throws(VipsError) -> T {
        guard let remaining else { return try body() }
        let (seconds, attoseconds) = remaining.components
        let fired = Fired()
        // A timer source, not `asyncAfter`: cancelling it releases its handler at once, whereas a
        // cancelled work item stays queued until its deadline, and with it whatever it captured. The
        // image is held weakly for the same reason: a render's whole pipeline (source descriptor,
        // decoder state, resampling programs) must go when the render does, not up to 10 s later.
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        timer.setEventHandler { [weak image] in
            fired.value.store(true, ordering: .releasing)
            image?.cancel()
        }
        timer.resume()
        defer { timer.cancel() }
        do {
            return try body()
        } catch {
            throw fired.value.load(ordering: .acquiring) ? deadlineError : error
        }
    }
}
