import Dispatch
import Synchronization
import Service
import Testing

/// Waits are bounded (a broken pool fails, it does not hang); nothing asserts how long anything took.
@Suite("worker pool")
struct WorkLaneTests {
    /// Long enough that no job in a test that does not mean to time out ever does.
    static let never: Duration = .seconds(600)

    @Test("accepts workers + queue jobs, refuses the next at once, runs them all")
    func bounded() {
        let pool = WorkLane(workers: 2, queueLength: 3, queueTimeout: Self.never)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        let expiries = Mutex(0)
        var accepted = 0
        for _ in 0..<5 {
            done.enter()
            let queued = pool.submit(
                {
                    gate.wait(); return { done.leave() }
                }, expired: { expiries.withLock { $0 += 1 } })
            if queued { accepted += 1 } else { done.leave() }
        }
        #expect(accepted == 5)
        expectRefused(
            pool.submit(
                {
                    Issue.record("a refused job ran"); return {}
                }, expired: { Issue.record("a refused job expired") }))
        for _ in 0..<5 { gate.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(expiries.withLock { $0 } == 0)
        pool.stop()
    }

    @Test("a waiting job runs when a thread frees")
    func waitsForSlot() {
        let pool = WorkLane(workers: 1, queueLength: 1, queueTimeout: Self.never)
        let gate = DispatchSemaphore(value: 0)
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let started = DispatchSemaphore(value: 0)
        expectAccepted(
            pool.submit(
                {
                    started.signal(); gate.wait(); return { first.signal() }
                }, expired: { Issue.record("expired") }))
        // Once the first job holds the thread, the counts stay put until the gate opens (read
        // before that, a job could move from queued to busy between the two reads).
        #expect(started.wait(timeout: .now() + 5) == .success)
        expectAccepted(pool.submit({ { second.signal() } }, expired: { Issue.record("expired") }))
        #expect(pool.queued == 1 && pool.busy == 1)
        gate.signal()
        #expect(first.wait(timeout: .now() + 5) == .success)
        #expect(second.wait(timeout: .now() + 5) == .success)
        pool.stop()
    }

    @Test("a job that waits past queue_timeout is answered while the thread is still busy, and never runs")
    func expires() throws {
        let pool = WorkLane(workers: 1, queueLength: 4, queueTimeout: .milliseconds(20))
        let gate = DispatchSemaphore(value: 0)
        let blockerDone = DispatchSemaphore(value: 0)
        let expired = DispatchSemaphore(value: 0)
        let ran = Mutex(false)
        // Occupy the only thread; on a loaded machine it may wake later than 20 ms, so the job that is
        // to hold it can itself expire first: then try again.
        var occupied = false
        for _ in 0..<50 where !occupied {
            let outcome = DispatchSemaphore(value: 0)
            let started = Mutex(false)
            expectAccepted(
                pool.submit(
                    {
                        started.withLock { $0 = true }
                        outcome.signal()
                        gate.wait()
                        return { blockerDone.signal() }
                    }, expired: { outcome.signal() }))
            #expect(outcome.wait(timeout: .now() + 5) == .success)
            occupied = started.withLock { $0 }
        }
        try #require(occupied)
        expectAccepted(
            pool.submit(
                {
                    ran.withLock { $0 = true }; return {}
                }, expired: { expired.signal() }))
        // The only thread is still held by the gate: the answer came from the deadline, not from a worker.
        #expect(expired.wait(timeout: .now() + 5) == .success)
        #expect(pool.queued == 0)
        gate.signal()
        #expect(blockerDone.wait(timeout: .now() + 5) == .success)
        // FIFO: had the expired job still been queued, the thread would run it before this one.
        let after = DispatchSemaphore(value: 0)
        expectAccepted(pool.submit({ { after.signal() } }, expired: { after.signal() }))
        #expect(after.wait(timeout: .now() + 5) == .success)
        #expect(!ran.withLock { $0 })
        pool.stop()
    }

    @Test("jobs start in the order they were submitted")
    func fifo() {
        let pool = WorkLane(workers: 1, queueLength: 16, queueTimeout: Self.never)
        let gate = DispatchSemaphore(value: 0)
        let order = Mutex<[Int]>([])
        let done = DispatchGroup()
        done.enter()
        expectAccepted(
            pool.submit(
                {
                    gate.wait(); return { done.leave() }
                }, expired: {}))
        for index in 0..<16 {
            done.enter()
            expectAccepted(
                pool.submit(
                    {
                        order.withLock { $0.append(index) }; return { done.leave() }
                    }, expired: { done.leave() }))
        }
        gate.signal()
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(order.withLock { $0 } == Array(0..<16))
        pool.stop()
    }

    @Test("under a tight deadline every accepted job either runs or expires, exactly once")
    func exactlyOnce() {
        let pool = WorkLane(workers: 2, queueLength: 200, queueTimeout: .milliseconds(1))
        let outcomes = Mutex<[Int: Int]>([:])
        let done = DispatchGroup()
        for index in 0..<200 {
            done.enter()
            let note: @Sendable () -> Void = {
                outcomes.withLock { $0[index, default: 0] += 1 }; done.leave()
            }
            expectAccepted(pool.submit({ note }, expired: note))
        }
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(outcomes.withLock { $0 } == Dictionary(uniqueKeysWithValues: (0..<200).map { ($0, 1) }))
        pool.stop()
    }

    @Test("a job's slot is free before its answer is delivered")
    func slotFreedBeforeDelivery() {
        let pool = WorkLane(workers: 1, queueLength: 0, queueTimeout: Self.never)
        let delivered = DispatchSemaphore(value: 0)
        let resubmitted = Mutex(false)
        expectAccepted(
            pool.submit(
                {
                    { resubmitted.withLock { $0 = pool.submit({ { delivered.signal() } }, expired: {}) } }
                }, expired: {}))
        #expect(delivered.wait(timeout: .now() + 5) == .success)
        #expect(resubmitted.withLock { $0 })
        pool.stop()
    }

    @Test("at most heavyWorkers heavy jobs run at once; a light job submitted after waiting heavy ones runs at once")
    func heavyLane() {
        let pool = WorkLane(workers: 2, queueLength: 8, queueTimeout: Self.never, heavyWorkers: 1)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        for _ in 0..<3 {
            done.enter()
            expectAccepted(
                pool.submit(
                    {
                        gate.wait(); return { done.leave() }
                    }, heavy: true, expired: { Issue.record("expired") }))
        }
        let light = DispatchSemaphore(value: 0)
        expectAccepted(pool.submit({ { light.signal() } }, expired: { Issue.record("expired") }))
        // Every heavy job is still held by the gate: the light one ran beside the single heavy one.
        #expect(light.wait(timeout: .now() + 5) == .success)
        #expect(pool.busyHeavy == 1 && pool.queuedHeavy == 2)
        for _ in 0..<3 { gate.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(pool.busyHeavy == 0 && pool.queued == 0)
        pool.stop()
    }

    @Test("the default heavy share is half the workers, at least one, and never more than all")
    func heavyDefaults() {
        let pools = [1, 2, 3, 8].map { WorkLane(workers: $0, queueLength: 0, queueTimeout: Self.never) }
        #expect(pools.map(\.heavyWorkers) == [1, 1, 1, 4])
        let capped = WorkLane(workers: 2, queueLength: 0, queueTimeout: Self.never, heavyWorkers: 5)
        #expect(capped.heavyWorkers == 2)
        for pool in pools + [capped] { pool.stop() }
    }
}

/// `#expect` cannot take the pool's closures as arguments (its expansion captures them), so the
/// submit's result is checked here.
private func expectAccepted(_ accepted: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(accepted, "refused", sourceLocation: sourceLocation)
}

private func expectRefused(_ accepted: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(!accepted, "accepted", sourceLocation: sourceLocation)
}
