import HTTP1
import Logging

/// One line per request: method, target, status, body bytes, milliseconds and cache status, with the
/// same values as structured metadata.
struct AccessLog: Sendable {
    let logger: Logger
    /// Read once: asking the logger for its level copies its handler, on every request.
    private let isEnabled: Bool

    init(logger: Logger) {
        self.logger = logger
        isEnabled = logger.logLevel <= .info
    }

    /// Writes one line; targets longer than `Limits.logTargetLength` are cut so a hostile URL cannot flood the log.
    func record(_ request: HTTPRequest, _ response: HTTPResponse, milliseconds: Double, cache: CacheStatus) {
        guard isEnabled else { return }
        let target = request.target.count > Limits.logTargetLength ? String(request.target.prefix(Limits.logTargetLength)) + "…" : request.target
        let bytes = request.method == .head ? 0 : response.contentLength
        let ms = (milliseconds * 10).rounded() / 10
        logger.info(
            "\(request.method) \(target) \(response.status.code) \(bytes)B \(ms)ms cache=\(cache.rawValue)",
            metadata: [
                "http.request.method": "\(request.method)", "url.path": "\(target)",
                "http.response.status_code": "\(response.status.code)", "http.response.body.size": "\(bytes)",
                "http.server.request.duration_ms": "\(ms)", "imgframe.cache.status": "\(cache.rawValue)",
            ])
    }
}
