import Foundation

/// A fixed set of render threads with a bounded queue: when every worker is busy and the queue is
/// full, `submit` refuses at once (the caller answers 503) instead of letting work pile up.
/// Requests that need no render (health checks, 304s, cache hits) never enter it.
public final class WorkerPool: @unchecked Sendable {
    // @unchecked: `jobs`, `running` and `stopped` are only touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [Job] = []
    private var running = 0
    private var stopped = false
    /// Number of threads.
    public let workers: Int
    /// Jobs that may wait for a thread.
    public let queueLength: Int

    public init(workers: Int, queueLength: Int) {
        self.workers = max(1, workers)
        self.queueLength = max(0, queueLength)
        for index in 0..<self.workers {
            let thread = Thread { [self] in work() }
            thread.name = "imgframe.render.\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// A job does its work and returns what to do with the result (answer the client). The pool frees
    /// the job's slot before running that, so a client that sends its next request the moment it has
    /// the answer never finds the slot still taken.
    public typealias Job = @Sendable () -> (@Sendable () -> Void)

    /// Queues `job`; false (and `job` is dropped) when workers and queue are all taken.
    public func submit(_ job: @escaping Job) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, running + jobs.count < workers + queueLength else { return false }
        jobs.append(job)
        condition.signal()
        return true
    }

    /// Jobs waiting for a thread.
    public var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count
    }

    /// Jobs running now.
    public var busy: Int {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Lets the threads finish their current job and exit; queued jobs are dropped.
    public func stop() {
        condition.lock()
        stopped = true
        jobs.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            running += 1
            condition.unlock()
            let deliver = job()
            condition.lock()
            running -= 1
            let idle = running == 0 && jobs.isEmpty
            condition.unlock()
            deliver()
            // A render may have freed hundreds of megabytes; give them back while nothing else runs.
            if idle { Allocator.trimIfWorthIt() }
        }
    }
}
