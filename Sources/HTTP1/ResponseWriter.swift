import CheckedConversion
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// Turns a response into bytes: status line, the handler's headers, then `Date`, `Server`,
/// `Content-Length` and `Connection`, and an in-memory body (none for `HEAD` and 304). A file body
/// is not included: the connection streams it after these bytes.
enum ResponseWriter {
    /// Whether a body follows the head: not for `HEAD`, 1xx, 204 and 304 (RFC 9110 §6.4.1).
    static func sendsBody(_ response: HTTPResponse, isHead: Bool) -> Bool {
        !isHead && !isBodyless(response.status)
    }

    private static func isBodyless(_ status: HTTPStatus) -> Bool {
        status.code == 304 || status.code == 204 || status.code < 200
    }

    /// The status line, headers and (in-memory, when one is sent and `includingBody`) body of
    /// `response`, ready to write. Without the body, the caller writes `response.body` after the head
    /// from the response's own storage, so connections sharing one rendered image share its bytes.
    static func serialize(
        _ response: HTTPResponse, version: HTTPVersion, isHead: Bool, keepAlive: Bool, serverName: String, includingBody: Bool = true
    ) -> [UInt8] {
        let bodyless = isBodyless(response.status)
        let withBody = includingBody && !isHead && !bodyless && response.file == nil
        // Appended as bytes, piece by piece: no intermediate strings on the hot path.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(320 + (withBody ? response.body.count : 0))
        func line(_ name: String, _ value: String) {
            bytes.appendUTF8(name)
            bytes.append(UInt8(ascii: ":"))
            bytes.append(UInt8(ascii: " "))
            bytes.appendUTF8(value)
            bytes.append(UInt8(ascii: "\r"))
            bytes.append(UInt8(ascii: "\n"))
        }
        bytes.appendUTF8(version.rawValue)
        bytes.append(UInt8(ascii: " "))
        bytes.appendUTF8(String(response.status.code))
        bytes.append(UInt8(ascii: " "))
        bytes.appendUTF8(response.status.reason)
        bytes.append(UInt8(ascii: "\r"))
        bytes.append(UInt8(ascii: "\n"))
        for field in response.headers where !isManaged(field.name) {
            line(field.name, field.value)
        }
        line("Date", DateCache.shared.current())
        line("Server", serverName)
        if !bodyless { line("Content-Length", String(response.contentLength)) }
        // HTTP/1.1 keeps alive by default; HTTP/1.0 only when told (RFC 9112 §9.3).
        if !keepAlive {
            line("Connection", "close")
        } else if version == .http10 {
            line("Connection", "keep-alive")
        }
        bytes.append(UInt8(ascii: "\r"))
        bytes.append(UInt8(ascii: "\n"))
        if withBody { bytes += response.body }
        return bytes
    }

    /// Headers the writer owns; a handler's own copies are dropped.
    private static let managed = ["date", "server", "content-length", "connection", "transfer-encoding"]

    /// Whether the writer owns `name`: most names are ruled out by their length alone.
    private static func isManaged(_ name: String) -> Bool {
        switch name.utf8.count {
        case 4, 6, 10, 14, 17: managed.contains { HTTPHeaders.sameName($0, name) }
        default: false
        }
    }
}

extension [UInt8] {
    /// Appends the UTF-8 of `text` with one copy from its contiguous storage (the generic
    /// `append(contentsOf: text.utf8)` walks it a code unit at a time).
    fileprivate mutating func appendUTF8(_ text: String) {
        var text = text
        text.withUTF8 { append(contentsOf: $0) }
    }
}

/// The `Date` header value (IMF-fixdate, RFC 9110 §5.6.7), formatted at most once per second.
final class DateCache: Sendable {
    static let shared = DateCache()
    private let cache = Mutex<(second: Int, text: String)>((-1, ""))

    func current() -> String {
        let now = time(nil)
        return cache.withLock { cached in
            if cached.second != now { cached = (now, Self.format(now)) }
            return cached.text
        }
    }

    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    static func format(_ seconds: Int) -> String {
        var t = time_t(seconds)
        var parts = tm()
        gmtime_r(&t, &parts)
        func two(_ n: Int32) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(days[Int(parts.tm_wday)]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon)]) \(parts.tm_year + 1900) "
            + "\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }
}
