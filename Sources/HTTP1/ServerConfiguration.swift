import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// How the server listens and every limit it enforces, in one place. Each field's initial value is
/// its default, stated here once and following nginx's and SwiftNIO's front doors; the service's
/// settings (`host`, `port`, `limits.*`) start from `ServerConfiguration()` and override only what
/// its configuration names.
public struct ServerConfiguration: Sendable {
    /// Address to listen on: an IPv4 or IPv6 address or a host name. Default `127.0.0.1`. `::` takes
    /// IPv4 connections too (dual-stack); `0.0.0.0` is IPv4 only, any other IPv6 address IPv6 only.
    public var host: String = "127.0.0.1"
    /// TCP port; 0 lets the kernel pick a free one. Default 8080.
    public var port: Int = 8080
    /// Pending connections the kernel queues before `accept` (listen backlog). Default 511, as nginx.
    public var backlog: Int32 = 511

    /// Longest request line (method, target, version) in bytes; longer → 414. Default 8 KiB.
    public var maxRequestLineBytes: Int = 8 * 1024
    /// Largest header block (all header lines) in bytes; larger → 431. Default 32 KiB.
    public var maxHeaderBytes: Int = 32 * 1024
    /// Most header fields in one request; more → 431. Default 100.
    public var maxHeaderCount: Int = 100
    /// Largest request body in bytes; larger → 413. Default 64 KiB (image requests carry none).
    public var maxBodyBytes: Int = 64 * 1024
    /// Time allowed to receive a whole request head, from its first byte (or from the connection's
    /// start for its first request); then 408 and close. Default 10 s.
    public var headerTimeout: Duration = .seconds(10)
    /// How long a kept-alive connection may wait for its next request before it is closed. Default 60 s.
    public var idleTimeout: Duration = .seconds(60)
    /// Longest time a response write may make no progress (a client that stops reading); then close.
    /// Default 30 s.
    public var writeTimeout: Duration = .seconds(30)
    /// How long a connection closed after a response keeps reading (and discarding) what the client
    /// still sends, so the client sees the response rather than a reset (nginx's lingering close). Default 1 s.
    public var lingerTimeout: Duration = .seconds(1)
    /// Most open connections; beyond it only the probe reserve (below) takes connections, and the
    /// rest are answered 503 and closed. Default 2048.
    public var maxConnections: Int = 2048
    /// Most open connections from one client network (an IPv4 /24, an IPv6 /64: what one host or
    /// subscriber commonly holds); beyond it a new connection from that network is answered 503 +
    /// `Retry-After` and closed at once, before anything is read (nginx's `limit_conn` answers 503 too). Loopback counts like
    /// any other address. Default 256, an eighth of `maxConnections`: one address cannot fill the
    /// pool with idle sockets, yet many users behind one NAT (browsers open about six connections
    /// per origin, so about 40 of them) or one CDN edge (which reuses kept-alive connections) fit.
    /// Behind a reverse proxy, ingress or load balancer that connects from a few addresses of its
    /// own, raise it to `maxConnections`, which turns it off.
    public var maxConnectionsPerClient: Int = 256

    /// Connections accepted beyond `maxConnections` for health probes alone. When every regular
    /// slot is taken (idle clients are the cheapest way to take them), a liveness probe must still
    /// be answered, or the orchestrator restarts a process that is healthy, only busy. Such a
    /// connection gets `probeHeaderTimeout` to send its request; a `GET` or `HEAD` of one of
    /// `probePaths` goes to the handler and is answered with `Connection: close`, anything else (or
    /// nothing) gets 503 + `Retry-After` and close. When the reserve is full the oldest connection
    /// in it is answered 503 and gives its slot to the new one, so silent connections cannot hold
    /// the reserve: a probe sends its request at once and is answered within a round trip. (A port
    /// of its own with its own limit, as Envoy's `ignore_global_conn_limit` health listeners, also
    /// works, but only where the prober is told to use it; the reserve keeps `/healthz` on the port
    /// every prober already knows.) Default 16. Unused while `probePaths` is empty.
    public var probeConnections: Int = 16
    /// Time a connection in the probe reserve has to send its whole request head. Default 1 s.
    public var probeHeaderTimeout: Duration = .seconds(1)
    /// Request paths (without the query) a connection in the probe reserve may ask for. Default
    /// none: this module does not know what its handler serves, and with none, connections beyond
    /// `maxConnections` are refused at once. The service sets `/healthz` and `/readyz`.
    public var probePaths: Set<String> = []
    /// Most requests on one connection before it is closed after a response. Default 1000.
    public var maxRequestsPerConnection: Int = 1000
    /// Bytes all connections together may hold in buffers while streaming file bodies; a connection
    /// that finds it spent waits for its next chunk. Default 64 MiB.
    public var streamingBufferBytes: Int = 64 * 1024 * 1024
    /// Size of one file-body chunk, read with `pread` and written before the next is read; each
    /// streaming connection holds at most one. Default 64 KiB.
    public var streamingChunkBytes: Int = 64 * 1024
    /// Send file bodies with `sendfile(2)`, kernel to socket, with no buffer in between (nginx's
    /// `sendfile on`). Off, they are copied through budgeted `pread` chunks (the fallback also taken
    /// when the file system refuses `sendfile`). Default on.
    public var usesSendfile = true
    /// Readiness loops (threads) that connections are spread over. Default: one per online core.
    public var eventLoops: Int = Self.defaultEventLoops
    /// One loop per online core.
    public static var defaultEventLoops: Int { max(1, sysconf(Int32(_SC_NPROCESSORS_ONLN))) }
    /// Value of the `Server` response header.
    public var serverName: String = "imgframe"
    /// Builds the response for the server's own protocol errors (400, 408, 413, 414, 431, 501, 503, 505).
    public var errorResponse: @Sendable (HTTPStatus) -> HTTPResponse = { status in
        HTTPResponse(status: status, headers: [("Content-Type", "text/plain; charset=utf-8")], body: Array((status.reason + "\n").utf8))
    }

    public init() {}
}
