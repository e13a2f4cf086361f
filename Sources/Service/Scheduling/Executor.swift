/// The one place request work goes when it leaves the event loops, in two lanes of bounded threads:
/// `io` looks up sources (`realpath`, `open`, `fstat`, header reads), fetches originals from origins
/// and reads cache files; `render` trims, lays out, estimates, draws and encodes (every pixel decode). Each lane admits by time (`queue_timeout`)
/// and by count (`queue` per thread), answers `503` + `Retry-After` past either, and reports its
/// depth, in-flight count and wait time in `/metrics`. Nothing else runs request work: no thread
/// waits on another's result, and a burst of slow origins fills the I/O lane's heavy share
/// (`origin_fetches`), never the threads that read local files or the render lane.
final class Executor: Sendable {
    /// Where a job runs.
    enum Lane: String, Sendable, CaseIterable {
        case io, render
    }

    let io: WorkLane
    let render: WorkLane
    private let metrics: ServiceMetrics

    /// - Parameters:
    ///   - renderWorkers, heavyRenders: the render lane's threads, and how many of them heavy renders may take.
    ///   - ioWorkers, originFetches: the I/O lane's threads, and how many of them fetches from origins may take.
    ///   - queuePerWorker, queueTimeout: each lane's admission: jobs waiting per thread, and the longest wait.
    init(
        renderWorkers: Int, heavyRenders: Int?, ioWorkers: Int, originFetches: Int, queueLength: Int, queueTimeout: Duration,
        metrics: ServiceMetrics
    ) {
        self.metrics = metrics
        render = WorkLane(
            name: Lane.render.rawValue, workers: renderWorkers, queueLength: queueLength, queueTimeout: queueTimeout, heavyWorkers: heavyRenders,
            waited: { metrics.queueWait(lane: Lane.render.rawValue, seconds: $0.milliseconds / 1000) })
        // The I/O lane's queue is as long as the render lane's in total: its jobs hold a descriptor at most.
        io = WorkLane(
            name: Lane.io.rawValue, workers: ioWorkers, queueLength: queueLength, queueTimeout: queueTimeout,
            heavyWorkers: min(originFetches, ioWorkers),
            waited: { metrics.queueWait(lane: Lane.io.rawValue, seconds: $0.milliseconds / 1000) })
    }

    func lane(_ lane: Lane) -> WorkLane {
        switch lane {
        case .io: io
        case .render: render
        }
    }

    /// Runs `job` on `lane` (among its heavy jobs when `heavy`), or answers `refused` with the
    /// `RequestError` to send: `queueTimedOut` when no thread took it within `queue_timeout`,
    /// `overloaded` (after `queue_timeout`) when the lane's queue was full. Exactly one of the two runs.
    func submit(
        _ lane: Lane, heavy: Bool = false, _ job: @escaping WorkLane.Job, refused: @escaping @Sendable (RequestError) -> Void
    ) {
        let threads = self.lane(lane)
        let accepted = threads.submit(job, heavy: heavy) { [metrics] in
            metrics.refusal(lane: lane.rawValue, reason: "queue_timeout")
            refused(.queueTimedOut)
        }
        guard !accepted else { return }
        metrics.refusal(lane: lane.rawValue, reason: "queue_full")
        threads.afterQueueTimeout { refused(.overloaded) }
    }

    /// Lets both lanes' threads finish their current job and exit; queued jobs are dropped unanswered
    /// (their connections are closed by the drain that precedes this).
    func stop() {
        io.stop()
        render.stop()
    }
}
