import CheckedConversion
import Dispatch
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A non-blocking HTTP/1.1 server: one listening socket with a Dispatch read source for accepts, and
/// `eventLoops` readiness loops (`EventLoop`) that accepted connections are dealt to in turn. Knows
/// nothing about what it serves: every request goes to the handler, on its connection's loop thread.
///
/// Which accepted connections it keeps is `ConnectionAdmission`'s decision: at most
/// `maxConnectionsPerClient` per client address, at most `maxConnections` regular ones, and beyond
/// them a small reserve of `probeConnections` that answers health probes (`probePaths`) alone, so a
/// pool full of idle sockets does not make a healthy process fail its liveness probe.
public final class HTTPServer: Sendable {
    /// Handles one request; calls `respond` exactly once, from any thread, now or later.
    public typealias Handler = @Sendable (HTTPRequest, @escaping @Sendable (HTTPResponse) -> Void) -> Void

    public let configuration: ServerConfiguration
    private let handler: Handler
    private let state: Mutex<State>
    private let acceptQueue = DispatchQueue(label: "imgframe.accept")
    /// Shared by all connections: bytes they may hold in file-body chunks at once.
    private let streamingBudget: ByteBudget
    /// A spare descriptor for answering 503 when the process is out of descriptors.
    private let reserve = DescriptorReserve()
    /// How long accepting pauses after accept fails (e.g. out of descriptors), so the still-readable
    /// listener does not make the accept source spin; connections wait in the backlog meanwhile.
    static let acceptPause: Duration = .milliseconds(100)

    private struct State {
        /// Open connections by client address, in the pool and in the probe reserve.
        var admission: ConnectionAdmission
        var listener: Int32 = -1
        var acceptSource: AcceptSource?
        var connections: [Int: Connection] = [:]
        var nextID = 0
        /// The loops connections live on: started with the server, stopped once it has drained.
        var loops: [EventLoop] = []
        var port = 0
        var isIPv6 = false
        var draining = false
        /// The accept source is suspended after an accept error and resumes after `acceptPause`.
        var acceptPaused = false
        var drainFinished: (@Sendable () -> Void)?
    }

    /// The accept source, movable into the state lock (Dispatch sources are thread-safe, but not
    /// marked Sendable).
    private struct AcceptSource: @unchecked Sendable {
        let source: DispatchSourceRead
    }

    public init(configuration: ServerConfiguration, handler: @escaping Handler) {
        self.configuration = configuration
        self.handler = handler
        self.state = Mutex(State(admission: ConnectionAdmission(configuration)))
        self.streamingBudget = ByteBudget(capacity: configuration.streamingBufferBytes)
    }

    deinit {
        stopLoops()
    }

    /// The port the server listens on (the kernel's pick when configured as 0).
    public var port: Int { state.withLock { $0.port } }

    /// The URL clients reach the server at, e.g. `http://127.0.0.1:8080` or `http://[::1]:8080`.
    public var url: String {
        let (port, isIPv6) = state.withLock { ($0.port, $0.isIPv6) }
        return "http://\(isIPv6 ? "[\(configuration.host)]" : configuration.host):\(port)"
    }

    /// Open connections right now.
    public var connectionCount: Int { state.withLock { $0.connections.count } }

    /// Binds, listens and starts accepting. Throws when the address cannot be bound.
    public func start() throws(SocketError) {
        // `sendfile` has no MSG_NOSIGNAL: a peer that has gone must give EPIPE, not kill the process.
        signal(SIGPIPE, SIG_IGN)
        let loops = try (0..<max(1, configuration.eventLoops)).map { _ throws(SocketError) in try EventLoop() }
        let (fd, port, isIPv6) = try Socket.listen(host: configuration.host, port: configuration.port, backlog: configuration.backlog)
        for (index, loop) in loops.enumerated() { loop.start(label: "imgframe.loop.\(index)") }
        let source = DispatchSource.makeReadSource(fileDescriptor: fd, queue: acceptQueue)
        source.setEventHandler { [weak self] in self?.acceptPending(fd) }
        source.setCancelHandler { Socket.close(fd) }
        let accept = AcceptSource(source: source)
        reserve.fill()
        state.withLock {
            $0.listener = fd
            $0.port = port
            $0.isIPv6 = isIPv6
            $0.acceptSource = accept
            $0.loops = loops
        }
        source.resume()
    }

    private func acceptPending(_ listener: Int32) {
        while true {
            let accepted: (descriptor: Int32, peer: PeerAddress)?
            do {
                accepted = try Socket.accept(listener)
            } catch {
                if error.code == EMFILE || error.code == ENFILE { shedPending(listener) }
                pauseAccepting()
                return
            }
            guard let (fd, peer) = accepted else { return }
            let placed: (Connection, EventLoop, evicted: Connection?)? = state.withLock { state in
                guard !state.draining, !state.loops.isEmpty else { return nil }
                state.nextID += 1
                let id = state.nextID
                let (probeOnly, evicted): (Bool, Connection?)
                switch state.admission.admit(id, from: peer) {
                case .refused: return nil
                case .regular: (probeOnly, evicted) = (false, nil)
                case .probe(let evicting): (probeOnly, evicted) = (true, evicting.flatMap { state.connections[$0] })
                }
                let loop = state.loops[id % state.loops.count]
                let connection = Connection(
                    id: id, descriptor: fd, loop: loop, configuration: configuration, budget: streamingBudget, probeOnly: probeOnly,
                    handler: handler, onClose: { [weak self] id in self?.connectionClosed(id) })
                state.connections[id] = connection
                return (connection, loop, evicted)
            }
            guard let (connection, loop, evicted) = placed else {
                refuse(fd)
                continue
            }
            evicted?.evict()
            loop.execute { loop.adopt(connection) }
        }
    }

    /// Out of descriptors: through the spare descriptor's slot, accepts what waits in the backlog and
    /// answers each the same 503 as over the connection limit, so clients learn to retry rather than
    /// hang. Bounded by the backlog size; runs on the accept queue.
    private func shedPending(_ listener: Int32) {
        reserve.withSpareSlot {
            for _ in 0..<max(1, Int(configuration.backlog)) {
                guard case .some(.some(let accepted)) = try? Socket.accept(listener) else { return }
                refuse(accepted.descriptor)
            }
        }
    }

    /// Suspends the accept source for `acceptPause` after an accept error: the listener stays
    /// readable while connections wait, and accepting again at once would only fail again.
    private func pauseAccepting() {
        let paused: AcceptSource? = state.withLock { state in
            guard !state.acceptPaused, let source = state.acceptSource else { return nil }
            state.acceptPaused = true
            return source
        }
        guard let paused else { return }
        paused.source.suspend()
        // Resumed even if the server shuts down meanwhile: a suspended source cannot finish cancelling.
        acceptQueue.asyncAfter(deadline: .now() + DispatchTimeInterval(Self.acceptPause)) { [weak self] in
            self?.state.withLock { $0.acceptPaused = false }
            paused.source.resume()
        }
    }

    /// Over a connection limit: a short 503 and close, rather than silently queueing the client.
    private func refuse(_ fd: Int32) {
        var response = configuration.errorResponse(.serviceUnavailable)
        response.headers.set("Retry-After", "1")
        let bytes = ResponseWriter.serialize(response, version: .http11, isHead: false, keepAlive: false, serverName: configuration.serverName)
        _ = bytes.withUnsafeBytes { Socket.write(fd, $0) }
        Socket.shutdownWrite(fd)
        Socket.close(fd)
    }

    private func connectionClosed(_ id: Int) {
        let finished: (@Sendable () -> Void)? = state.withLock { state in
            state.connections[id] = nil
            state.admission.closed(id)
            guard state.draining, state.connections.isEmpty, let done = state.drainFinished else { return nil }
            state.drainFinished = nil
            return done
        }
        guard let finished else { return }
        stopLoops()
        finished()
    }

    /// Ends the loops' threads (once every connection is closed, or the server is gone).
    private func stopLoops() {
        let loops = state.withLock { state in
            defer { state.loops = [] }
            return state.loops
        }
        for loop in loops { loop.stop() }
    }

    /// Graceful drain: stops accepting, closes idle connections, lets in-flight requests finish
    /// (their responses carry `Connection: close`), and force-closes whatever is left after
    /// `deadline`. Calls `completion` once every connection is closed.
    public func shutdown(deadline: Duration, completion: @escaping @Sendable () -> Void) {
        let (source, connections, doneNow) = state.withLock { state -> (AcceptSource?, [Connection], Bool) in
            state.draining = true
            let source = state.acceptSource
            state.acceptSource = nil
            if state.connections.isEmpty { return (source, [], true) }
            state.drainFinished = completion
            return (source, Array(state.connections.values), false)
        }
        source?.source.cancel()
        if doneNow {
            stopLoops()
            completion()
            return
        }
        for connection in connections { connection.drain() }
        acceptQueue.asyncAfter(deadline: .now() + DispatchTimeInterval(deadline)) { [weak self] in
            guard let self else { return }
            let remaining = state.withLock { Array($0.connections.values) }
            for connection in remaining { connection.forceClose() }
        }
    }
}
