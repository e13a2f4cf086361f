/// The life of one HTTP/1.1 connection as a value: which phase it is in, what it waits for, which
/// timeout runs, and when it closes. It reads no clock and touches no socket. An I/O driver
/// (`Connection`) feeds it events with the time they happened and carries out the actions it
/// returns, so every protocol rule (timeouts, pipelining order, keep-alive, lingering close, drain,
/// limits) is tested here with a fake clock, in microseconds.
///
/// The request parser lives inside: bytes go in, and a complete request comes out as a `handle`
/// action, one at a time, while later pipelined requests wait in the buffer for their turn.
public struct ConnectionStateMachine: Sendable {
    /// Something that happened to the connection.
    public enum Event: Sendable {
        /// The connection was accepted.
        case opened
        /// Bytes arrived from the peer (the driver passes them with `read(_:at:)`, without a copy).
        case bytesRead([UInt8])
        /// The peer sent its FIN: it will send nothing more (it may still read).
        case peerHalfClosed
        /// The handler answered the request last handed out.
        case responseReady(HTTPResponse)
        /// The write stopped short: the socket is full (or no chunk buffer is free).
        case writeBlocked
        /// A blocked write moved forward again.
        case writeProgressed
        /// The whole response is on the wire.
        case writeFinished
        /// The peer has gone while the response was written.
        case writeFailed
        /// The deadline last armed has come.
        case timerFired
        /// The server is shutting down: take no new requests.
        case drain
        /// A connection in the probe reserve gives its slot to a newer one: if it has no request
        /// yet, 503 and close (see `ServerConfiguration.probeConnections`).
        case evicted
    }

    /// What to do with the timer.
    public enum TimerChange: Equatable, Sendable {
        /// Fire once at this time (replacing any earlier deadline).
        case arm(MonotonicTime)
        /// No deadline.
        case cancel
    }

    /// A response ready to write: the head, and the body that follows it.
    public struct OutgoingResponse: Sendable {
        /// The body after the head.
        public enum Body: Sendable {
            case none
            /// In memory, shared with the response (not copied behind the head).
            case bytes([UInt8])
            /// A file region, sent with `sendfile` or in chunks.
            case file(FileBody)
        }

        public var status: HTTPStatus
        /// Status line and headers, ending in the blank line.
        public var head: [UInt8]
        public var body: Body
        /// The connection closes after this response (the head says `Connection: close`).
        public var closesConnection: Bool
    }

    /// What the driver does after an event, in this order: timer, reading, shutdown, write, handle,
    /// close. Fields left `nil`/false mean no change.
    public struct Actions: Sendable, CustomStringConvertible {
        public var timer: TimerChange?
        /// Start (true) or stop (false) reading from the socket.
        public var reading: Bool?
        /// Send FIN: the response is complete and nothing more will be written.
        public var shutdownWrite = false
        public var write: OutgoingResponse?
        /// Give this request to the handler.
        public var handle: HTTPRequest?
        /// Close the socket; nothing more happens on this connection.
        public var close = false

        /// One line for tests and logs, e.g. `timer 10s, read on`, `write 200 close`, `handle GET /a`.
        public var description: String {
            var parts: [String] = []
            switch timer {
            case .arm(let time)?: parts.append("timer \(time)")
            case .cancel?: parts.append("timer off")
            case nil: break
            }
            if let reading { parts.append(reading ? "read on" : "read off") }
            if shutdownWrite { parts.append("shutdown write") }
            if let write { parts.append("write \(write.status.code)" + (write.closesConnection ? " close" : "")) }
            if let handle { parts.append("handle \(handle.method) \(handle.target)") }
            if close { parts.append("close") }
            return parts.isEmpty ? "nothing" : parts.joined(separator: ", ")
        }
    }

    /// Where the connection is in its request/response cycle.
    private enum Phase {
        /// Reading the next request (head or body); the only phase that parses.
        case reading
        /// The handler has the request; pipelined requests wait in the buffer.
        case handling(ResponseContext)
        /// Writing a response.
        case writing
        /// Response sent, write side shut; reading and discarding until the peer closes.
        case lingering
        case closed
    }

    /// What the response to the request being handled depends on.
    private struct ResponseContext {
        var version: HTTPVersion
        var isHead: Bool
        var wantsKeepAlive: Bool
    }

    private enum TimerPurpose { case header, idle, write, linger }

    private let configuration: ServerConfiguration
    private var parser: RequestParser
    private var phase = Phase.reading
    /// Whether the driver was last told to read.
    private var isReading = false
    private var timerPurpose: TimerPurpose?
    private var deadline: MonotonicTime?
    private var requestsServed = 0
    private var closeAfterWrite = false
    private var draining = false
    private var peerClosed = false
    /// In the probe reserve: one request, answered only if it is a probe, then close.
    private let probeOnly: Bool

    /// - Parameter probeOnly: the connection holds a slot of the probe reserve, beyond
    ///   `maxConnections`: it gets `probeHeaderTimeout` for one request, a `GET` or `HEAD` of one of
    ///   `probePaths` is handled and answered with `Connection: close`, and anything else gets 503.
    public init(configuration: ServerConfiguration, probeOnly: Bool = false) {
        self.configuration = configuration
        self.parser = RequestParser(limits: configuration)
        self.probeOnly = probeOnly
    }

    /// Takes one event that happened at `now` and says what to do about it.
    public mutating func receive(_ event: Event, at now: MonotonicTime) -> Actions {
        acting { machine, actions in machine.take(event, at: now, &actions) }
    }

    /// Bytes arrived at `now` (the driver's way of saying `.bytesRead`, straight from its buffer).
    public mutating func read(_ bytes: UnsafeRawBufferPointer, at now: MonotonicTime) -> Actions {
        acting { machine, actions in machine.take(bytes, at: now, &actions) }
    }

    /// Runs one transition and reports reading as a change against before it (off and on again
    /// within one event is no change).
    private mutating func acting(_ transition: (inout ConnectionStateMachine, inout Actions) -> Void) -> Actions {
        var actions = Actions()
        let wasReading = isReading
        transition(&self, &actions)
        if isReading != wasReading, !actions.close { actions.reading = isReading }
        return actions
    }

    // MARK: transitions

    private mutating func take(_ event: Event, at now: MonotonicTime, _ actions: inout Actions) {
        switch event {
        case .opened:
            // The first request of a connection gets the header timeout from the moment it opens.
            arm(.header, at: now + (probeOnly ? configuration.probeHeaderTimeout : configuration.headerTimeout), &actions)
            isReading = true
        case .bytesRead(let bytes):
            bytes.withUnsafeBytes { take($0, at: now, &actions) }
        case .peerHalfClosed:
            peerClosed = true
            switch phase {
            case .reading, .lingering: close(&actions)
            case .handling, .writing, .closed: isReading = false
            }
        case .responseReady(let response):
            guard case .handling(let context) = phase else { break }
            respond(response, context, &actions)
        case .writeBlocked, .writeProgressed:
            guard case .writing = phase else { break }
            arm(.write, at: now + configuration.writeTimeout, &actions)
        case .writeFinished:
            guard case .writing = phase else { break }
            writeFinished(at: now, &actions)
        case .writeFailed:
            close(&actions)
        case .timerFired:
            timerFired(at: now, &actions)
        case .drain:
            draining = true
            if case .reading = phase { close(&actions) }
        case .evicted:
            if case .reading = phase { fail(.serviceUnavailable, &actions) }
        }
    }

    private mutating func take(_ bytes: UnsafeRawBufferPointer, at now: MonotonicTime, _ actions: inout Actions) {
        switch phase {
        case .lingering, .closed:
            return  // discarded
        case .handling, .writing:
            parser.append(bytes)  // kept for their turn (the driver does not read in these phases)
            return
        case .reading:
            break
        }
        parser.append(bytes)
        if timerPurpose == .idle, parser.bufferedByteCount > 0 {
            // The first byte of the next request starts its header clock.
            arm(.header, at: now + configuration.headerTimeout, &actions)
        }
        // No cap on the buffer is needed here: a request still incomplete is bounded by the parser's
        // own limits, and a complete one stops reading until it has been answered.
        parseNext(&actions)
    }

    private mutating func parseNext(_ actions: inout Actions) {
        do {
            guard let request = try parser.next() else { return }
            if probeOnly && !isProbe(request) { return fail(.serviceUnavailable, &actions) }
            requestsServed += 1
            phase = .handling(ResponseContext(version: request.version, isHead: request.method == .head, wantsKeepAlive: request.wantsKeepAlive))
            // No timeout while the handler works: renders have their own deadline.
            cancelTimer(&actions)
            isReading = false
            actions.handle = request
        } catch {
            fail(error.status, &actions)
        }
    }

    /// A health probe, the one request a connection of the probe reserve may make.
    private func isProbe(_ request: HTTPRequest) -> Bool {
        (request.method == .get || request.method == .head) && configuration.probePaths.contains(String(request.path))
    }

    private mutating func respond(_ response: HTTPResponse, _ context: ResponseContext, _ actions: inout Actions) {
        let keepAlive = context.wantsKeepAlive && !draining && !probeOnly && requestsServed < configuration.maxRequestsPerConnection
        closeAfterWrite = !keepAlive
        // The head goes first; the body follows it (HEAD, 204 and 304 get none).
        let body: OutgoingResponse.Body =
            if !ResponseWriter.sendsBody(response, isHead: context.isHead) { .none } else if let file = response.file {
                .file(file)
            } else if response.body.isEmpty { .none } else { .bytes(response.body) }
        let head = ResponseWriter.serialize(
            response, version: context.version, isHead: context.isHead, keepAlive: keepAlive,
            serverName: configuration.serverName, includingBody: false)
        phase = .writing
        actions.write = OutgoingResponse(status: response.status, head: head, body: body, closesConnection: !keepAlive)
    }

    /// Answers a protocol error and closes after it (RFC 9112 §9.6: 400 then close). A 503 (no room
    /// for this connection) says when to try again (RFC 9110 §10.2.3).
    private mutating func fail(_ status: HTTPStatus, _ actions: inout Actions) {
        isReading = false
        cancelTimer(&actions)
        closeAfterWrite = true
        phase = .writing
        var response = configuration.errorResponse(status)
        if status == .serviceUnavailable { response.headers.set("Retry-After", "1") }
        let head = ResponseWriter.serialize(
            response, version: .http11, isHead: false, keepAlive: false, serverName: configuration.serverName, includingBody: false)
        actions.write = OutgoingResponse(
            status: status, head: head, body: response.body.isEmpty ? .none : .bytes(response.body), closesConnection: true)
    }

    private mutating func writeFinished(at now: MonotonicTime, _ actions: inout Actions) {
        // A drain that began while a kept-alive response was written closes after it as gently: the
        // client may already be sending its next request.
        if closeAfterWrite || draining {
            // Lingering close: shut the write side and read (and discard) until the peer closes,
            // briefly, so a peer still sending does not get a reset that destroys the response it
            // has not read yet (nginx's lingering close).
            phase = .lingering
            actions.shutdownWrite = true
            arm(.linger, at: now + configuration.lingerTimeout, &actions)
            isReading = true
            return
        }
        phase = .reading
        if parser.bufferedByteCount > 0 {
            // Pipelined bytes are already here: answer the next request in order.
            arm(.header, at: now + configuration.headerTimeout, &actions)
            isReading = true
            parseNext(&actions)
            if case .reading = phase, peerClosed { close(&actions) }
        } else if peerClosed {
            close(&actions)
        } else {
            arm(.idle, at: now + configuration.idleTimeout, &actions)
            isReading = true
        }
    }

    private mutating func timerFired(at now: MonotonicTime, _ actions: inout Actions) {
        guard let deadline, let purpose = timerPurpose else { return }
        guard now >= deadline else {
            actions.timer = .arm(deadline)  // early: wait for the real deadline
            return
        }
        self.deadline = nil
        timerPurpose = nil
        switch (purpose, phase) {
        case (.header, .reading):
            // A silent connection of the probe reserve was over the limit all along: 503, as if refused.
            fail(probeOnly ? .serviceUnavailable : .requestTimeout, &actions)
        case (.idle, .reading), (.write, .writing), (.linger, .lingering):
            close(&actions)
        default:
            break
        }
    }

    private mutating func close(_ actions: inout Actions) {
        if case .closed = phase { return }
        phase = .closed
        if deadline != nil { cancelTimer(&actions) }
        isReading = false
        actions.close = true
    }

    // MARK: timer and reading

    private mutating func arm(_ purpose: TimerPurpose, at time: MonotonicTime, _ actions: inout Actions) {
        timerPurpose = purpose
        deadline = time
        actions.timer = .arm(time)
    }

    private mutating func cancelTimer(_ actions: inout Actions) {
        guard deadline != nil else { return }
        deadline = nil
        timerPurpose = nil
        actions.timer = .cancel
    }
}
