import HTTP1
import TransformSpec

/// Every number the service enforces or defaults to, in one place, one documented line each.
/// `config/imgframe.conf` mirrors these; configuration may override each.
public enum Limits {
    // HTTP framing (nginx's large_client_header_buffers, NIO's decoder limits).
    /// Longest request line; beyond it → 414.
    public static let requestLineBytes = 8 * 1024
    /// Largest header block; beyond it → 431.
    public static let headerBytes = 32 * 1024
    /// Most header fields; beyond it → 431.
    public static let headerCount = 100
    /// Largest request body; image requests have none, so this is small. Beyond it → 413.
    public static let bodyBytes = 64 * 1024

    // HTTP timing.
    /// Time to receive a whole request head; then 408.
    public static let headerTimeout: Duration = .seconds(10)
    /// How long a kept-alive connection may wait for its next request.
    public static let idleTimeout: Duration = .seconds(60)
    /// Longest stall of a response write (a client that stops reading).
    public static let writeTimeout: Duration = .seconds(30)
    /// Most open connections; more get 503 and are closed.
    public static let maxConnections = 2048
    /// Requests served on one connection before it is closed.
    public static let requestsPerConnection = 1000
    /// How long a drain (SIGTERM) waits for in-flight requests before closing them.
    public static let drainTimeout: Duration = .seconds(25)

    // Work scheduling (imgproxy's workers): renders run on a bounded pool.
    /// Render workers per CPU core.
    public static let workersPerCore = 1
    /// Queued renders allowed per worker before new ones get 503.
    public static let queuePerWorker = 2

    /// Result cache byte budget; LRU eviction keeps the folder under it.
    public static let cacheMaxBytes = 1024 * 1024 * 1024

    /// `Cache-Control` of successful image responses: results never change for a URL.
    public static let cacheControl = "public, max-age=31536000, immutable"

    /// The HTTP server's limits from the values above.
    static var server: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.maxRequestLineBytes = requestLineBytes
        configuration.maxHeaderBytes = headerBytes
        configuration.maxHeaderCount = headerCount
        configuration.maxBodyBytes = bodyBytes
        configuration.headerTimeout = headerTimeout
        configuration.idleTimeout = idleTimeout
        configuration.writeTimeout = writeTimeout
        configuration.maxConnections = maxConnections
        configuration.maxRequestsPerConnection = requestsPerConnection
        return configuration
    }
}
