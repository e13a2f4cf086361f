#if canImport(Glibc)
import CheckedConversion
import Glibc
#endif

/// How the server listens and every limit it enforces, in one place. The service's `Limits` sets
/// every field (its numbers are the ones that count); the defaults here, which follow nginx and
/// SwiftNIO's front doors, serve the module on its own and its tests, and agree with `Limits`.
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
    /// Most open connections; more are answered 503 and closed. Default 2048.
    public var maxConnections: Int = 2048
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
