import Dispatch
#if canImport(Glibc)
import Glibc
#endif

/// One client connection: reads requests, hands them to the handler one at a time, writes the
/// responses in order, and enforces the timeouts. All state lives on the connection's serial queue;
/// nothing blocks, and there is no thread per connection.
final class Connection: @unchecked Sendable {
    // @unchecked: every mutable property is touched only on `queue` (checked with dispatchPrecondition).
    let id: Int
    private let descriptor: Int32
    private let queue: DispatchQueue
    private let configuration: ServerConfiguration
    private let handler: HTTPServer.Handler
    private let onClose: @Sendable (Int) -> Void
    /// The server-wide budget for file-body chunk buffers.
    private let budget: ByteBudget

    private var parser: RequestParser
    private var readSource: DispatchSourceRead?
    private var writeSource: DispatchSourceWrite?
    private var timer: DispatchSourceTimer?
    private var readingPaused = false
    private var writeSourceActive = false
    private var pendingCancellations = 0

    private var phase = Phase.waitingForRequest
    private var output: [UInt8] = []
    /// An in-memory body still to write after the head in `output` (shared with the response).
    private var memoryBody: [UInt8]?
    private var written = 0
    /// The file body still to stream after `output`, and how much of it has been read so far.
    private var file: FileBody?
    private var fileSent = 0
    /// File bodies go out with `sendfile` (no chunk, no budget) until it is refused once.
    private lazy var sendsFileDirectly = configuration.usesSendfile
    /// Budget bytes held for the chunk in `output` (0 for heads and in-memory bodies).
    private var heldBudget = 0
    /// Waiting for budget: a retry is scheduled, and how long the next retry waits.
    private var budgetRetryPending = false
    private var budgetRetryDelay = Connection.firstBudgetRetry
    private var closeAfterWrite = false
    private var requestsServed = 0
    private var draining = false
    private var timerPurpose = TimerPurpose.header
    /// When the current timeout expires; `distantFuture` when none is armed.
    private var deadline = DispatchTime.distantFuture
    /// When the Dispatch timer is set to fire. Moving a deadline later does not reprogram the timer
    /// (that would cost a system call per request); the timer fires early and re-arms instead.
    private var scheduledFire = DispatchTime.distantFuture
    /// True while the handler runs on this queue; a response given during it is sent right after,
    /// without another hop through the queue.
    private var inHandler = false
    private var immediateResponse: HTTPResponse?
    private static let queueKey = DispatchSpecificKey<Int>()

    /// Where the connection is in its request/response cycle.
    private enum Phase {
        /// Reading the next request (head or body); the only phase in which bytes are read.
        case waitingForRequest
        /// The handler has the request; reading is paused so pipelined requests wait their turn.
        case handling(HTTPRequest)
        /// Writing a response.
        case writing
        /// Response sent, write side shut; reading and discarding until the client closes.
        case lingering
        case closed
    }

    private enum TimerPurpose { case header, idle, write, linger }

    /// First and longest wait, in milliseconds, before asking the budget again; the wait doubles in between, so a
    /// connection waiting for budget costs a few wake-ups, not a spin. The write timeout bounds it.
    private static let firstBudgetRetry = 2
    private static let longestBudgetRetry = 50

    init(id: Int, descriptor: Int32, configuration: ServerConfiguration, budget: ByteBudget, target: DispatchQueue,
         handler: @escaping HTTPServer.Handler, onClose: @escaping @Sendable (Int) -> Void) {
        self.id = id
        self.budget = budget
        self.descriptor = descriptor
        self.configuration = configuration
        self.handler = handler
        self.onClose = onClose
        self.queue = DispatchQueue(label: "imgframe.connection", target: target)
        self.parser = RequestParser(limits: configuration)
        queue.setSpecific(key: Self.queueKey, value: id)
    }

    func start() {
        queue.async { [self] in
            let source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [unowned self] in readable() }
            source.setCancelHandler { [self] in cancelled() }
            readSource = source
            source.resume()
            // The first request of a connection gets the header timeout from the moment it opens.
            arm(.header, after: configuration.headerTimeout)
        }
    }

    /// Stop taking new requests: idle connections close now, busy ones after their response.
    func drain() {
        queue.async { [self] in
            draining = true
            if case .waitingForRequest = phase { close() }
        }
    }

    /// Closes at once, whatever is in progress (end of a drain deadline).
    func forceClose() {
        queue.async { [self] in close() }
    }

    // MARK: reading

    private func readable() {
        dispatchPrecondition(condition: .onQueue(queue))
        var peerClosed = false
        withUnsafeTemporaryAllocation(byteCount: 64 * 1024, alignment: 1) { buffer in
            while true {
                switch Socket.read(descriptor, into: buffer) {
                case .bytes(let count):
                    if case .lingering = phase { continue }
                    parser.append(UnsafeRawBufferPointer(rebasing: buffer[0..<count]))
                    // A whole head never needs more than the limits; stop reading beyond them.
                    if parser.bufferedByteCount > configuration.maxRequestLineBytes + configuration.maxHeaderBytes + configuration.maxBodyBytes { return }
                case .wouldBlock:
                    return
                case .closed:
                    peerClosed = true
                    return
                }
            }
        }
        if case .lingering = phase {
            if peerClosed { close() }
            return
        }
        if timerPurpose == .idle, parser.bufferedByteCount > 0 {
            // The first byte of the next request starts its header clock.
            arm(.header, after: configuration.headerTimeout)
        }
        processInput()
        if peerClosed, case .waitingForRequest = phase { close() }
    }

    private func processInput() {
        guard case .waitingForRequest = phase else { return }
        do {
            guard let request = try parser.next() else { return }
            dispatch(request)
        } catch {
            fail(error.status)
        }
    }

    private func dispatch(_ request: HTTPRequest) {
        phase = .handling(request)
        requestsServed += 1
        cancelTimer()
        inHandler = true
        handler(request) { [weak self] response in
            guard let self else { return }
            if DispatchQueue.getSpecific(key: Self.queueKey) == id, inHandler {
                immediateResponse = response
            } else {
                queue.async { self.respond(response, to: request) }
            }
        }
        inHandler = false
        if let response = immediateResponse {
            immediateResponse = nil
            respond(response, to: request)
        } else if case .handling = phase {
            // Answered later (a render): stop reading meanwhile, so pipelined requests wait their
            // turn. A response given during the handler is written at once, on this queue, where the
            // read handler cannot run: reading is paused only if the write has to wait, which saves
            // a suspend/resume pair (two trips through Dispatch's manager thread) per cache hit.
            pauseReading()
        }
    }

    // MARK: writing

    private func respond(_ response: HTTPResponse, to request: HTTPRequest) {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .handling = phase else { return }
        let keepAlive = request.wantsKeepAlive && !draining && requestsServed < configuration.maxRequestsPerConnection
        closeAfterWrite = !keepAlive
        let isHead = request.method == .head
        // The head goes first; a file body follows it chunk by chunk (HEAD, 204 and 304 get none).
        let sendsBody = ResponseWriter.sendsBody(response, isHead: isHead)
        file = sendsBody ? response.file : nil
        fileSent = 0
        // An in-memory body is written from its own storage, not copied behind the head: everyone
        // waiting for one render shares its bytes, however slowly each of them reads.
        memoryBody = sendsBody && response.file == nil && !response.body.isEmpty ? response.body : nil
        send(ResponseWriter.serialize(
            response, version: request.version, isHead: isHead, keepAlive: keepAlive,
            serverName: configuration.serverName, includingBody: false))
    }

    /// Answers a protocol error and closes (RFC 9112 §9.6: 400 then close; NIO does the same).
    private func fail(_ status: HTTPStatus) {
        pauseReading()
        closeAfterWrite = true
        send(ResponseWriter.serialize(
            configuration.errorResponse(status), version: .http11, isHead: false, keepAlive: false,
            serverName: configuration.serverName))
    }

    private func send(_ bytes: [UInt8]) {
        phase = .writing
        output = bytes
        written = 0
        flush()
    }

    /// Writes `output`, then each chunk of the file body, as far as the socket takes them; resumes
    /// when the socket is writable again (or the budget has room) and completes the response at the end.
    private func flush() {
        dispatchPrecondition(condition: .onQueue(queue))
        guard case .writing = phase else { return }
        while true {
            while written < output.count {
                let result = output.withUnsafeBytes { Socket.write(descriptor, UnsafeRawBufferPointer(rebasing: $0[written...])) }
                switch result {
                case .bytes(let count):
                    written += count
                case .wouldBlock:
                    waitForWritable()
                    return
                case .closed:
                    close()
                    return
                }
            }
            releaseChunk()
            if let body = memoryBody {
                memoryBody = nil
                output = body
                continue
            }
            guard let file, fileSent < file.length else { break }
            if sendsFileDirectly {
                switch file.send(to: descriptor, at: fileSent) {
                case .sent(let count):
                    fileSent += count
                    continue
                case .wouldBlock:
                    waitForWritable()
                    return
                case .failed:
                    close()
                    return
                case .unsupported:
                    sendsFileDirectly = false  // copy through chunks from here on
                }
            }
            guard loadChunk(of: file) else { return }
        }
        stopWaitingForWritable()
        file = nil
        writeCompleted()
    }

    /// `output` is on the wire: drop it and give back its budget before the next chunk is read.
    private func releaseChunk() {
        output = []
        written = 0
        if heldBudget > 0 {
            budget.release(heldBudget)
            heldBudget = 0
        }
    }

    /// Reads the file body's next chunk into `output`. False when the budget is spent (a retry is
    /// scheduled) or the file cannot be read (the connection is closed: the promised
    /// `Content-Length` can no longer be kept, and the client must see the body is short).
    private func loadChunk(of file: FileBody) -> Bool {
        let size = min(configuration.streamingChunkBytes, budget.capacity, file.length - fileSent)
        guard budget.acquire(size) else {
            waitForBudget()
            return false
        }
        heldBudget = size
        budgetRetryDelay = Self.firstBudgetRetry
        var read: Int?
        output = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
            read = file.read(at: fileSent, into: UnsafeMutableRawBufferPointer(buffer))
            count = read ?? 0
        }
        guard let read, read > 0 else {
            close()
            return false
        }
        fileSent += read
        return true
    }

    /// No chunk can be allocated now: stop listening for writability (nothing to write, and the
    /// event would fire continuously) and ask the budget again shortly. The write timeout, armed
    /// when the wait starts, bounds it.
    private func waitForBudget() {
        pauseReading()
        stopWaitingForWritable()
        guard !budgetRetryPending else { return }
        if budgetRetryDelay == Self.firstBudgetRetry { arm(.write, after: configuration.writeTimeout) }
        budgetRetryPending = true
        let delay = budgetRetryDelay
        budgetRetryDelay = min(budgetRetryDelay * 2, Self.longestBudgetRetry)
        queue.asyncAfter(deadline: .now() + .milliseconds(delay)) { [weak self] in
            guard let self else { return }
            budgetRetryPending = false
            flush()
        }
    }

    private func writeCompleted() {
        if closeAfterWrite {
            linger()
            return
        }
        phase = .waitingForRequest
        if draining {
            close()
        } else if parser.bufferedByteCount > 0 {
            // Pipelined bytes are already here: answer the next request in order.
            arm(.header, after: configuration.headerTimeout)
            resumeReading()
            processInput()
        } else {
            arm(.idle, after: configuration.idleTimeout)
            resumeReading()
        }
    }

    /// Shuts the write side and reads until the client closes (briefly), so a client that is still
    /// sending does not get a reset that destroys the response it has not read yet (nginx's
    /// lingering close).
    private func linger() {
        phase = .lingering
        Socket.shutdownWrite(descriptor)
        arm(.linger, after: configuration.lingerTimeout)
        resumeReading()
    }

    private func waitForWritable() {
        // Bytes arriving meanwhile stay in the socket, not in our buffer (and the read event would
        // fire for them over and over).
        pauseReading()
        arm(.write, after: configuration.writeTimeout)
        if writeSource == nil {
            let source = DispatchSource.makeWriteSource(fileDescriptor: descriptor, queue: queue)
            source.setEventHandler { [unowned self] in flush() }
            source.setCancelHandler { [self] in cancelled() }
            writeSource = source
        }
        if !writeSourceActive {
            writeSourceActive = true
            writeSource?.resume()
        }
    }

    private func stopWaitingForWritable() {
        if writeSourceActive {
            writeSourceActive = false
            writeSource?.suspend()
        }
    }

    // MARK: timers and closing

    private func arm(_ purpose: TimerPurpose, after delay: Duration) {
        timerPurpose = purpose
        if timer == nil {
            let source = DispatchSource.makeTimerSource(queue: queue)
            source.setEventHandler { [unowned self] in timerFired() }
            source.resume()
            timer = source
        }
        deadline = .after(delay)
        if deadline < scheduledFire { reschedule() }
    }

    private func reschedule() {
        scheduledFire = deadline
        timer?.schedule(deadline: deadline, leeway: .milliseconds(10))
    }

    private func cancelTimer() {
        deadline = .distantFuture
    }

    private func timerFired() {
        scheduledFire = .distantFuture
        guard deadline != .distantFuture else { return }
        guard DispatchTime.now() >= deadline else {
            reschedule()
            return
        }
        deadline = .distantFuture
        switch (timerPurpose, phase) {
        case (.header, .waitingForRequest):
            fail(.requestTimeout)
        case (.idle, .waitingForRequest), (.write, .writing), (.linger, .lingering):
            close()
        default:
            break
        }
    }

    private func pauseReading() {
        guard !readingPaused else { return }
        readingPaused = true
        readSource?.suspend()
    }

    private func resumeReading() {
        guard readingPaused else { return }
        readingPaused = false
        readSource?.resume()
    }

    private func close() {
        dispatchPrecondition(condition: .onQueue(queue))
        if case .closed = phase { return }
        phase = .closed
        releaseChunk()
        memoryBody = nil
        file = nil
        timer?.cancel()
        timer = nil
        // Suspended sources must be resumed before they are cancelled and released.
        resumeReading()
        if let writeSource {
            if !writeSourceActive { writeSource.resume() }
            pendingCancellations += 1
            writeSource.cancel()
        }
        if let readSource {
            pendingCancellations += 1
            readSource.cancel()
        }
        if pendingCancellations == 0 { cancelled() }
    }

    /// Runs once per cancelled source; the descriptor is closed after the last one, when no handler
    /// can still use it.
    private func cancelled() {
        pendingCancellations -= 1
        guard pendingCancellations <= 0 else { return }
        readSource = nil
        writeSource = nil
        Socket.close(descriptor)
        onClose(id)
    }
}
