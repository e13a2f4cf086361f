/// A render's time limit, checked between stages (decode, layout, each drawing operation, encode)
/// and handing the time left to `Watchdog` while libvips computes pixels. A render that finishes
/// after its deadline is a timeout, not a success.
struct Deadline {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    /// The time the render may take; `nil` for none.
    let timeout: Duration?

    /// Starts counting now.
    init(timeout: Duration?) {
        self.timeout = timeout
        started = clock.now
    }

    /// Time left, `nil` without a timeout; zero or negative once the deadline has passed.
    var remaining: Duration? {
        timeout.map { $0 - (clock.now - started) }
    }

    /// Throws `timedOut` once the deadline has passed.
    func check() throws(RenderError) {
        if let remaining, remaining <= .zero { throw .timedOut }
    }
}
