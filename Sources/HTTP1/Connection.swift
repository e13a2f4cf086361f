#if canImport(Glibc)
    import Glibc
#endif
import CEpoll

/// The I/O driver of one client connection: it does what its `ConnectionStateMachine` says (read
/// or not, write this response, arm that deadline, shut down, close) and tells it what happened.
/// It lives on one `EventLoop` and is touched only on that loop's thread; a response from another
/// thread (a render) comes back through the loop's `execute`.
final class Connection: @unchecked Sendable {
    // @unchecked: all mutable state is used on the loop's thread only (see above).
    let id: Int
    let descriptor: Int32
    /// The epoll token the loop registered this connection under.
    var token: UInt64 = 0
    /// The armed deadline; the loop calls `timerFired` once it has passed.
    private(set) var deadline: MonotonicTime?

    private let loop: EventLoop
    private let configuration: ServerConfiguration
    private let handler: HTTPServer.Handler
    private let onClose: @Sendable (Int) -> Void
    private let budget: ByteBudget

    private var machine: ConnectionStateMachine
    private var sender: ResponseSender?
    /// The sender has reported itself blocked to the machine (later progress re-arms the write timeout).
    private var reportedBlocked = false
    /// Events for the machine not yet given to it; `drive` takes them in order.
    private var pending: [ConnectionStateMachine.Event] = []
    private var driving = false
    private var wantsRead = false
    private var wantsFlush = false
    /// Edge-triggered readiness: the socket may have bytes (or end-of-file) we have not read.
    private var readable = false
    /// The peer's FIN was reported: read to end-of-file rather than stop at a short read.
    private var peerHungUp = false
    private var closed = false
    /// Counts handed-out requests, so a late response for a closed connection's request is dropped.
    private var requestNumber = 0
    /// Set while the handler runs; a response given during it is taken without a loop hop.
    private var inHandler = false
    private var immediateResponse: HTTPResponse?

    /// - Parameter probeOnly: the connection holds a slot of the probe reserve (see `ConnectionAdmission`).
    init(
        id: Int, descriptor: Int32, loop: EventLoop, configuration: ServerConfiguration, budget: ByteBudget, probeOnly: Bool = false,
        handler: @escaping HTTPServer.Handler, onClose: @escaping @Sendable (Int) -> Void
    ) {
        self.id = id
        self.descriptor = descriptor
        self.loop = loop
        self.configuration = configuration
        self.budget = budget
        self.handler = handler
        self.onClose = onClose
        self.machine = ConnectionStateMachine(configuration: configuration, probeOnly: probeOnly)
    }

    // MARK: from the server (any thread)

    /// Stop taking new requests: idle connections close now, busy ones after their response.
    func drain() {
        loop.execute { [self] in feed(.drain) }
    }

    /// A newer connection took this one's probe reserve slot: 503 and close unless it is answering.
    /// What the peer already sent is read first (its readiness may not have been reported yet), so
    /// a probe whose request is waiting in the socket is answered, not evicted.
    func evict() {
        loop.execute { [self] in
            readable = true
            drive()
            feed(.evicted)
        }
    }

    /// Closes at once, whatever is in progress (end of a drain deadline).
    func forceClose() {
        loop.execute { [self] in close() }
    }

    // MARK: from the loop

    func opened() {
        feed(.opened)
    }

    /// The loop could not register the socket: close it without ever starting.
    func abandon() {
        Socket.close(descriptor)
        onClose(id)
    }

    /// Readiness reported by epoll.
    func ready(mask: UInt32) {
        if mask & (cepoll_in() | cepoll_rdhup() | cepoll_hup_or_error()) != 0 { readable = true }
        if mask & (cepoll_rdhup() | cepoll_hup_or_error()) != 0 { peerHungUp = true }
        if mask & (cepoll_out() | cepoll_hup_or_error()) != 0, sender != nil { wantsFlush = true }
        drive()
    }

    func timerFired() {
        deadline = nil
        feed(.timerFired)
    }

    func budgetMayBeFree() {
        guard sender != nil else { return }
        wantsFlush = true
        drive()
    }

    // MARK: driving the machine

    private func feed(_ event: ConnectionStateMachine.Event) {
        pending.append(event)
        drive()
    }

    /// Gives the machine its events and carries out its actions until nothing is left to do. One
    /// loop, not recursion: a hundred pipelined cache hits answered in one pass stay one frame deep.
    private func drive() {
        guard !driving else { return }
        driving = true
        defer { driving = false }
        while !closed {
            if !pending.isEmpty {
                let event = pending.removeFirst()
                perform(machine.receive(event, at: loop.now))
            } else if wantsFlush {
                wantsFlush = false
                flush()
            } else if wantsRead && readable {
                readOnce()
            } else {
                return
            }
        }
    }

    private func perform(_ actions: ConnectionStateMachine.Actions) {
        switch actions.timer {
        case .arm(let time)?:
            deadline = time
            loop.deadlineArmed(time)
        case .cancel?:
            deadline = nil
        case nil:
            break
        }
        if let reading = actions.reading { wantsRead = reading }
        if actions.shutdownWrite { Socket.shutdownWrite(descriptor) }
        if let write = actions.write {
            sender = ResponseSender(write, budget: budget, chunkBytes: configuration.streamingChunkBytes, usesSendfile: configuration.usesSendfile)
            reportedBlocked = false
            wantsFlush = true
        }
        if let request = actions.handle { handle(request) }
        if actions.close { close() }
    }

    private func readOnce() {
        let buffer = loop.readBuffer
        switch Socket.read(descriptor, into: buffer) {
        case .bytes(let count):
            // A short read emptied the socket; more bytes will raise a new edge. After a FIN, read
            // on to end-of-file (nothing else would wake us for it).
            if count < buffer.count && !peerHungUp { readable = false }
            perform(machine.read(UnsafeRawBufferPointer(rebasing: buffer[0..<count]), at: loop.now))
        case .wouldBlock:
            readable = false
        case .closed:
            readable = false
            pending.append(.peerHalfClosed)
        }
    }

    private func handle(_ request: HTTPRequest) {
        requestNumber += 1
        let number = requestNumber
        inHandler = true
        handler(request) { [weak self, loop] response in
            guard let connection = self else { return }
            if loop.isCurrent, connection.inHandler, connection.requestNumber == number {
                connection.immediateResponse = response
                return
            }
            loop.execute {
                guard !connection.closed, connection.requestNumber == number else { return }
                connection.feed(.responseReady(response))
            }
        }
        inHandler = false
        if let response = immediateResponse {
            immediateResponse = nil
            pending.append(.responseReady(response))
        }
    }

    private func flush() {
        guard var current = sender else { return }
        sender = nil  // not left shared with the copy while it is mutated
        let progress = current.send(to: descriptor)
        if progress == .finished || progress == .failed {
            current.release()
            pending.append(progress == .finished ? .writeFinished : .writeFailed)
            return
        }
        if progress == .waitingForBudget { loop.waitForBudget(self) }
        // The first stop arms the write timeout; progress after a stop moves it later.
        if !reportedBlocked {
            reportedBlocked = true
            pending.append(.writeBlocked)
        } else if progress == .blocked(progressed: true) {
            pending.append(.writeProgressed)
        }
        sender = current
    }

    /// Closes at once; on the loop's thread (the loop calls it when it stops).
    func close() {
        guard !closed else { return }
        closed = true
        sender?.release()
        sender = nil
        pending.removeAll()
        deadline = nil
        loop.remove(self)
        Socket.close(descriptor)
        onClose(id)
    }
}
