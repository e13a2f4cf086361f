import Dispatch
import Synchronization
import Service
import Testing

@Suite("worker pool")
struct WorkerPoolTests {
    @Test("accepts workers + queue jobs, refuses the next, runs them all")
    func bounded() {
        let pool = WorkerPool(workers: 2, queueLength: 3)
        let gate = DispatchSemaphore(value: 0)
        let done = DispatchGroup()
        var accepted = 0
        for _ in 0..<5 {
            done.enter()
            if pool.submit({ gate.wait(); return { done.leave() } }) { accepted += 1 } else { done.leave() }
        }
        #expect(accepted == 5)
        #expect(!pool.submit { {} })
        for _ in 0..<5 { gate.signal() }
        #expect(done.wait(timeout: .now() + 5) == .success)
        pool.stop()
    }

    @Test("a job's slot is free before its answer is delivered")
    func slotFreedBeforeDelivery() {
        let pool = WorkerPool(workers: 1, queueLength: 0)
        let delivered = DispatchSemaphore(value: 0)
        let resubmitted = Mutex(false)
        #expect(pool.submit {
            { resubmitted.withLock { $0 = pool.submit { { delivered.signal() } } } }
        })
        #expect(delivered.wait(timeout: .now() + 5) == .success)
        #expect(resubmitted.withLock { $0 })
        pool.stop()
    }
}
