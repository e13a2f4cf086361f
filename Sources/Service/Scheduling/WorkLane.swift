import Dispatch
import Foundation
import HTTP1

/// One lane of the `Executor`: a fixed set of threads with admission by time. A job waits in FIFO
/// order for a thread for at most `queueTimeout`, and one still waiting then is taken out and
/// answered through its `expired` handler at that moment; it never starts. A count bound
/// (`queueLength`) refuses at once beyond it (memory and descriptors of waiting jobs). Requests that
/// need no work off the event loop (health checks, 304s and hits of remembered identities) never enter one.
///
/// Heavy jobs (renders estimated to take a good part of the deadline; fetches from origins, which
/// wait on the network for seconds) wait apart and at most `heavyWorkers` of them run at once: the
/// other threads stay free for light jobs, which never wait behind a heavy one beyond that. A thread
/// takes the job that arrived first among the light jobs' head and, while fewer than `heavyWorkers`
/// heavy jobs run, the heavy jobs' head.
public final class WorkLane: @unchecked Sendable {
    // @unchecked: `jobs`, `heavyJobs`, `running`, `runningHeavy`, `stopped` and `sweepArmed` are only
    // touched under `condition`.
    private let condition = NSCondition()
    private var jobs: [Waiting] = []
    private var heavyJobs: [Waiting] = []
    private var running = 0
    private var runningHeavy = 0
    private var stopped = false
    /// Whether a sweep is scheduled; it fires no later than the first waiting job's deadline.
    private var sweepArmed = false
    /// Where sweeps and delayed refusals run: off the lane's threads, so an expiry is answered even
    /// while all are busy.
    private let sweeps: DispatchQueue
    /// Told how long each job that starts waited for its thread (the lane's wait-time metric).
    private let waited: @Sendable (Duration) -> Void
    /// The lane's name (`io`, `render`): its threads are `imgframe.{name}.{index}`.
    public let name: String
    /// Number of threads.
    public let workers: Int
    /// Jobs that may wait for a thread.
    public let queueLength: Int
    /// Longest wait for a thread.
    public let queueTimeout: Duration
    /// Most heavy jobs running at once (1…`workers`).
    public let heavyWorkers: Int

    /// `heavyWorkers` `nil` takes `Limits.heavyWorkers(workers:)`, half the threads (at least one).
    public init(
        name: String = "render", workers: Int, queueLength: Int, queueTimeout: Duration, heavyWorkers: Int? = nil,
        waited: @escaping @Sendable (Duration) -> Void = { _ in }
    ) {
        self.name = name
        self.waited = waited
        sweeps = DispatchQueue(label: "imgframe.\(name).queue-timeout")
        self.workers = max(1, workers)
        self.queueLength = max(0, queueLength)
        self.queueTimeout = max(.zero, queueTimeout)
        self.heavyWorkers = min(max(1, heavyWorkers ?? Limits.heavyWorkers(workers: self.workers)), self.workers)
        for index in 0..<self.workers {
            let thread = Thread { [self] in work() }
            thread.name = "imgframe.\(name).\(index)"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }

    /// A job does its work and returns what to do with the result (answer the client). The pool frees
    /// the job's slot before running that, so a client that sends its next request the moment it has
    /// the answer never finds the slot still taken.
    public typealias Job = @Sendable () -> (@Sendable () -> Void)

    private struct Waiting {
        let job: Job
        let expired: @Sendable () -> Void
        /// When it was queued, for the wait-time metric.
        let submitted: DispatchTime
        /// Submission time + `queueTimeout`; non-decreasing along `jobs`, so expired jobs are a prefix.
        let deadline: DispatchTime
    }

    /// Queues `job` (in the heavy lane when `heavy`); false at once (and `job` is dropped) when the
    /// queue holds `queueLength` jobs beyond the busy threads. An accepted job either runs or, if no
    /// thread takes it within `queueTimeout`, is dropped and `expired` is called then, exactly one of the two.
    public func submit(_ job: @escaping Job, heavy: Bool = false, expired: @escaping @Sendable () -> Void) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        guard !stopped, running + jobs.count + heavyJobs.count < workers + queueLength else { return false }
        let now = DispatchTime.now()
        let deadline = now + DispatchTimeInterval(queueTimeout)
        let waiting = Waiting(job: job, expired: expired, submitted: now, deadline: deadline)
        if heavy { heavyJobs.append(waiting) } else { jobs.append(waiting) }
        if !sweepArmed { armSweep(at: deadline) }
        condition.signal()
        return true
    }

    /// Calls `answer` once `queueTimeout` has passed, off the lane's threads: a job refused at once
    /// (the queue is full) is answered as if it had waited in vain, so a client that retries the
    /// moment it is answered costs one cheap refusal per `queueTimeout`, not a busy loop of them.
    public func afterQueueTimeout(_ answer: @escaping @Sendable () -> Void) {
        sweeps.asyncAfter(deadline: .now() + DispatchTimeInterval(queueTimeout), execute: answer)
    }

    /// Jobs waiting for a thread, light and heavy.
    public var queued: Int {
        condition.lock()
        defer { condition.unlock() }
        return jobs.count + heavyJobs.count
    }

    /// Heavy jobs waiting for a thread.
    public var queuedHeavy: Int {
        condition.lock()
        defer { condition.unlock() }
        return heavyJobs.count
    }

    /// Heavy jobs running now.
    public var busyHeavy: Int {
        condition.lock()
        defer { condition.unlock() }
        return runningHeavy
    }

    /// Jobs running now.
    public var busy: Int {
        condition.lock()
        defer { condition.unlock() }
        return running
    }

    /// Lets the threads finish their current job and exit; queued jobs are dropped unanswered (their
    /// connections are closed by the drain that precedes this).
    public func stop() {
        condition.lock()
        stopped = true
        jobs.removeAll()
        heavyJobs.removeAll()
        condition.broadcast()
        condition.unlock()
    }

    // MARK: expiry

    /// Call with `condition` held. One pending sweep at a time: the head only ever moves to a job with
    /// a later deadline, so a sweep armed for an earlier head is never late for the new one.
    private func armSweep(at deadline: DispatchTime) {
        sweepArmed = true
        sweeps.asyncAfter(deadline: deadline) { [weak self] in self?.sweep() }
    }

    /// Takes out every job whose deadline has passed, answers them, and re-arms for the new head.
    private func sweep() {
        condition.lock()
        sweepArmed = false
        let expired = takeExpired(now: .now())
        if !stopped, let head = [jobs.first?.deadline, heavyJobs.first?.deadline].compactMap({ $0 }).min() { armSweep(at: head) }
        condition.unlock()
        for job in expired { job.expired() }
    }

    /// Call with `condition` held: removes and returns the expired prefixes of both lanes.
    private func takeExpired(now: DispatchTime) -> [Waiting] {
        func take(_ lane: inout [Waiting]) -> [Waiting] {
            let count = lane.prefix { $0.deadline <= now }.count
            guard count > 0 else { return [] }
            defer { lane.removeFirst(count) }
            return Array(lane.prefix(count))
        }
        return take(&jobs) + take(&heavyJobs)
    }

    /// Call with `condition` held: whether the next job to run is the heavy lane's head (`nil` when
    /// no job may run now). Heavy jobs wait while `heavyWorkers` of them run.
    private func nextIsHeavy() -> Bool? {
        let heavyOpen = runningHeavy < heavyWorkers && !heavyJobs.isEmpty
        guard let light = jobs.first else { return heavyOpen ? true : nil }
        return heavyOpen && heavyJobs[0].deadline < light.deadline
    }

    // MARK: threads

    private func work() {
        while true {
            condition.lock()
            while nextIsHeavy() == nil && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            // A sweep can run late (its thread busy); checking here keeps an expired job from ever starting.
            let expired = takeExpired(now: .now())
            guard let heavy = nextIsHeavy() else {
                condition.unlock()
                for job in expired { job.expired() }
                continue
            }
            let next = heavy ? heavyJobs.removeFirst() : jobs.removeFirst()
            running += 1
            if heavy { runningHeavy += 1 }
            condition.unlock()
            for job in expired { job.expired() }
            waited(.nanoseconds(Int64(clamping: DispatchTime.now().uptimeNanoseconds &- next.submitted.uptimeNanoseconds)))
            let deliver = next.job()
            condition.lock()
            running -= 1
            if heavy {
                runningHeavy -= 1
                // A heavy job may be waiting for this slot while the other threads sleep.
                if !heavyJobs.isEmpty { condition.signal() }
            }
            condition.unlock()
            deliver()
        }
    }
}
