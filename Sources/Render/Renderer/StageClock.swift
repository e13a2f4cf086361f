import CheckedConversion

/// Times a render's stages one after another (`RenderTimings`): each `lap()` is the milliseconds
/// since the previous lap, or since the clock was made; `elapsed` is the whole time since then.
struct StageClock {
    private let clock = ContinuousClock()
    private let started: ContinuousClock.Instant
    private var lapStarted: ContinuousClock.Instant

    /// Starts counting now.
    init() {
        started = clock.now
        lapStarted = started
    }

    /// Milliseconds since the previous lap (or the start); starts the next.
    mutating func lap() -> Double {
        let now = clock.now
        defer { lapStarted = now }
        return (now - lapStarted).milliseconds
    }

    /// The time since the clock was made.
    var elapsed: Duration { clock.now - started }
}
