import HTTP1
import Logging

/// One short line per request: method, target, status, body bytes, milliseconds, cache status, and for
/// a refused request its reason (`GET /img/a.jpg?w=abc 400 102B 0.3ms cache=- (w: `w` must be …)`).
struct AccessLog: Sendable {
    let logger: Logger
    /// Read once: asking the logger for its level copies its handler, on every request.
    private let isEnabled: Bool

    init(logger: Logger) {
        self.logger = logger
        isEnabled = logger.logLevel <= .info
    }

    /// Writes one line; targets longer than `Limits.logTargetLength` are cut, and reasons longer than
    /// `Limits.logReasonLength`, so a hostile URL cannot flood the log.
    func record(_ request: HTTPRequest, _ response: HTTPResponse, milliseconds: Double, cache: CacheStatus) {
        guard isEnabled else { return }
        let target = Self.cut(request.target, Limits.logTargetLength)
        let bytes = request.method == .head ? 0 : response.contentLength
        let ms = (milliseconds * 10).rounded() / 10
        var line = "\(request.method) \(target) \(response.status.code) \(bytes)B \(ms)ms cache=\(cache.rawValue)"
        if (400..<500).contains(response.status.code), let reason = response.logNote { line += " (\(Self.cut(reason, Limits.logReasonLength)))" }
        logger.info("\(line)")
    }

    private static func cut(_ text: String, _ length: Int) -> String {
        text.count > length ? String(text.prefix(length)) + "…" : text
    }
}
