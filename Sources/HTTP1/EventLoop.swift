import CEpoll
import CheckedConversion
import Dispatch
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// One readiness loop: an epoll set of connections, run on a thread of its own that Dispatch
/// manages (one long-lived block on a serial queue). The server runs one per core and hands each
/// accepted connection to one of them; from then on that connection lives on this thread only, so
/// reading, parsing, a cache hit's answer and its write happen in one pass with no queue hops.
/// Timeouts are deadlines in each connection's state machine; the loop wakes for the earliest.
/// Other threads (a finished render, the accept queue, a drain) reach it through `execute`.
final class EventLoop: @unchecked Sendable {
    // @unchecked: everything but `inbox`, `wakePending` and `descriptors` is touched only on the
    // loop's thread, and `thread` is written before the first task runs.
    private let epoll: Int32
    private let wakeDescriptor: Int32
    private let inbox = Mutex<[@Sendable () -> Void]>([])
    /// True while a wake-up is written but not yet taken: later `execute` calls need not write again.
    private let wakePending = Atomic<Bool>(false)
    private var thread: pthread_t?

    /// Connections by descriptor; the epoll token carries the descriptor and a generation, so an
    /// event left over from a closed connection never reaches one that reuses its descriptor.
    private var connections: [Connection?] = []
    private var generation: UInt32 = 0
    private var earliestDeadline: MonotonicTime?
    /// Connections whose file body waits for chunk budget; retried each pass, every millisecond or so.
    private var budgetWaiters: [Connection] = []
    private var stopped = false
    /// The time of the current pass (read once per wake-up, as nginx caches its clock).
    private(set) var now = MonotonicTime.now()
    /// Read buffer shared by the loop's connections (only one reads at a time).
    let readBuffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)

    private static let wakeToken = UInt64.max
    private static let budgetRetryMilliseconds: Int32 = 1

    init() throws(SocketError) {
        epoll = cepoll_create()
        guard epoll >= 0 else { throw SocketError("epoll_create1") }
        wakeDescriptor = cepoll_eventfd()
        guard wakeDescriptor >= 0 else {
            let error = SocketError("eventfd")
            Glibc.close(epoll)
            throw error
        }
        _ = cepoll_add_readable(epoll, wakeDescriptor, Self.wakeToken)
    }

    deinit {
        Glibc.close(epoll)
        Glibc.close(wakeDescriptor)
        readBuffer.deallocate()
    }

    /// Starts the loop on a Dispatch-managed thread.
    func start(label: String) {
        DispatchQueue(label: label).async { [self] in run() }
    }

    /// Runs `task` on the loop's thread, soon (from any thread, the loop's own included).
    func execute(_ task: @escaping @Sendable () -> Void) {
        inbox.withLock { $0.append(task) }
        if !wakePending.exchange(true, ordering: .acquiringAndReleasing) {
            var one: UInt64 = 1
            _ = Glibc.write(wakeDescriptor, &one, 8)
        }
    }

    /// True on the loop's own thread.
    var isCurrent: Bool {
        guard let thread else { return false }
        return pthread_equal(thread, pthread_self()) != 0
    }

    /// Ends the loop after its current pass; its connections must be closed already.
    func stop() {
        execute { [self] in stopped = true }
    }

    // MARK: connections (on the loop's thread)

    /// Registers an accepted connection and starts it.
    func adopt(_ connection: Connection) {
        let fd = Int(connection.descriptor)
        generation &+= 1
        let token = UInt64(generation) << 32 | UInt64(UInt32(fd))
        guard cepoll_add_edge_triggered(epoll, connection.descriptor, token) == 0 else {
            connection.abandon()
            return
        }
        if fd >= connections.count { connections += [Connection?](repeating: nil, count: max(fd + 1 - connections.count, 64)) }
        connections[fd] = connection
        connection.token = token
        connection.opened()
    }

    /// Forgets a connection that is closing (before its descriptor is closed).
    func remove(_ connection: Connection) {
        let fd = Int(connection.descriptor)
        if fd < connections.count, connections[fd] === connection { connections[fd] = nil }
        budgetWaiters.removeAll { $0 === connection }
    }

    /// A connection armed a deadline: the loop wakes for it if it is the earliest.
    func deadlineArmed(_ deadline: MonotonicTime) {
        if earliestDeadline.map({ deadline < $0 }) ?? true { earliestDeadline = deadline }
    }

    /// A connection waits for chunk budget: retried on every pass until it gets it.
    func waitForBudget(_ connection: Connection) {
        if !budgetWaiters.contains(where: { $0 === connection }) { budgetWaiters.append(connection) }
    }

    // MARK: the loop

    private func run() {
        thread = pthread_self()
        let capacity = 256
        let tokens = UnsafeMutablePointer<UInt64>.allocate(capacity: capacity)
        let masks = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity)
        defer {
            tokens.deallocate()
            masks.deallocate()
        }
        while !stopped {
            let count = cepoll_wait(epoll, tokens, masks, Int32(capacity), timeout())
            now = .now()
            if count < 0 {
                guard errno == EINTR else { break }
                continue
            }
            for index in 0..<Int(count) {
                let token = tokens[index]
                if token == Self.wakeToken {
                    runInbox()
                    continue
                }
                let fd = Int(UInt32(truncatingIfNeeded: token))
                guard fd < connections.count, let connection = connections[fd], connection.token == token else { continue }
                connection.ready(mask: masks[index])
            }
            if !budgetWaiters.isEmpty { retryBudgetWaiters() }
            if let earliest = earliestDeadline, now >= earliest { fireDeadlines() }
        }
        // Stopped with connections still open (the server was dropped without a drain): close them,
        // which also ends their references to this loop.
        for case let connection? in connections { connection.close() }
    }

    /// Milliseconds epoll may wait: until the earliest deadline, briefly while anyone waits for
    /// budget, else for ever (-1).
    private func timeout() -> Int32 {
        var wait: Int32 = -1
        if let earliest = earliestDeadline { wait = Int32(clamping: MonotonicTime.now().milliseconds(until: earliest)) }
        if !budgetWaiters.isEmpty { wait = wait < 0 ? Self.budgetRetryMilliseconds : min(wait, Self.budgetRetryMilliseconds) }
        return wait
    }

    private func runInbox() {
        var counter: UInt64 = 0
        _ = Glibc.read(wakeDescriptor, &counter, 8)
        wakePending.store(false, ordering: .releasing)
        let tasks = inbox.withLock { tasks in
            defer { tasks.removeAll(keepingCapacity: true) }
            return tasks
        }
        for task in tasks { task() }
    }

    private func retryBudgetWaiters() {
        let waiting = budgetWaiters
        budgetWaiters.removeAll()
        for connection in waiting { connection.budgetMayBeFree() }
    }

    /// Fires every deadline that has passed and finds the next earliest. Deadlines moved later
    /// since they were armed cost nothing until this scan, which runs only when the earliest one
    /// comes: per request, arming a timeout is a store, not a system call.
    private func fireDeadlines() {
        earliestDeadline = nil
        for case let connection? in connections {
            guard let deadline = connection.deadline else { continue }
            if deadline <= now {
                connection.timerFired()
            } else {
                deadlineArmed(deadline)
            }
        }
    }
}
