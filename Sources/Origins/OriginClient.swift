import CCurl
import CheckedConversion
import Hashing
#if canImport(Glibc)
import Glibc
#endif

/// Fetches one original over HTTP(S) with libcurl: connect and total timeouts, a byte cap checked as
/// the body streams to a file, no redirects, TLS verified, and the connection pinned to an address
/// `AddressPolicy` has checked (unless the origin is internal). Conditional when validators are given.
struct OriginClient: Sendable {
    let connectTimeout: Duration
    let totalTimeout: Duration
    let maxBytes: Int

    /// The validators of a cached copy, sent as `If-None-Match` / `If-Modified-Since`.
    struct Validators: Sendable, Equatable {
        var etag: String?
        var lastModified: String?

        /// `value` when it is safe to send back in a header, else `nil`: a control character (CR, LF,
        /// NUL, …) in a validator would end the header line and start another (RFC 9110 §5.5).
        static func checked(_ value: String) -> String? {
            value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F } ? value : nil
        }
    }

    /// What a fetch gave.
    enum Outcome: Sendable, Equatable {
        /// 304: the cached copy is current.
        case notModified
        /// 200: the body was written to the file, `bytes` long, with the origin's validators and the
        /// body's SHA-256 (hex).
        case downloaded(bytes: Int, validators: Validators, digest: String)
    }

    private static let initialized: Bool = ccurl_global_init() == 0

    /// GETs `path` of `origin` into `descriptor` (for a 200); `source` names the image in errors.
    /// The whole fetch ends by `deadline` (`timedOut` past it), whatever `totalTimeout` says.
    func fetch(
        _ origin: OriginMap.Origin, path: String, source: String, validators: Validators?, into descriptor: Int32, deadline: ContinuousClock.Instant
    ) throws(OriginError) -> Outcome {
        let pin = origin.isInternal ? nil : try AddressPolicy.pinnedAddress(host: origin.host, port: origin.port, source: source)
        return try transfer(url: origin.url(of: path), pin: pin, source: source, validators: validators, into: descriptor, deadline: deadline)
    }

    /// The transfer itself: GETs `url`, connecting only where `pin` (`AddressPolicy.pin`) says when
    /// it is given, with curl's timeouts cut to what is left until `deadline`.
    func transfer(
        url: String, pin: String?, source: String, validators: Validators?, into descriptor: Int32, deadline: ContinuousClock.Instant
    ) throws(OriginError) -> Outcome {
        guard Self.initialized else { throw .unavailable(source, reason: "libcurl did not initialise") }
        let remaining = min(totalTimeout, deadline - ContinuousClock.now)
        guard remaining > .milliseconds(1) else { throw .timedOut(source) }
        // A validator the origin sent with a control character was never stored; one from an older
        // cache file is checked again, so no header can be injected toward the origin.
        let etag = validators?.etag.flatMap(Validators.checked)
        let lastModified = validators?.lastModified.flatMap(Validators.checked)
        let sink = DownloadSink(descriptor: descriptor, limit: maxBytes)
        var status = 0
        var error = [CChar](repeating: 0, count: Int(ccurl_error_size()))
        let code = withOptionalCString(pin) { pinned in
            withOptionalCString(etag) { etag in
                withOptionalCString(lastModified) { lastModified in
                    url.withCString { url in
                        let context = Unmanaged.passUnretained(sink).toOpaque()
                        var request = ccurl_request(
                            url: url, pinned_address: pinned, if_none_match: etag, if_modified_since: lastModified,
                            connect_timeout_ms: Self.milliseconds(min(connectTimeout, remaining)), total_timeout_ms: Self.milliseconds(remaining),
                            max_bytes: curl_off_t(maxBytes), on_body: DownloadSink.onBody, body_context: context,
                            on_header: DownloadSink.onHeader, header_context: context)
                        return ccurl_get(&request, &status, &error)
                    }
                }
            }
        }
        if code != 0 {
            if sink.exceededLimit || ccurl_is_too_large(code) != 0 { throw .tooLarge(source, limit: maxBytes) }
            if ccurl_is_write_refused(code) != 0, sink.unexpectedStatus { throw Self.error(forStatus: status, source: source) }
            if ccurl_is_timeout(code) != 0 { throw .timedOut(source) }
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if ccurl_is_tls_failure(code) != 0 { throw .refused(source, .certificate(detail: message)) }
            throw .unavailable(source, reason: message.isEmpty ? "libcurl error \(code)" : message)
        }
        switch status {
        case 200:
            return .downloaded(bytes: sink.written, validators: Validators(etag: sink.etag, lastModified: sink.lastModified), digest: sink.hasher.finish().hexString)
        case 304 where etag != nil || lastModified != nil: return .notModified
        default: throw Self.error(forStatus: status, source: source)
        }
    }

    private static func error(forStatus status: Int, source: String) -> OriginError {
        switch status {
        case 404, 410: .notFound(source)
        case 300..<400: .refused(source, .redirect(status: status))
        default: .failed(source, status: status)
        }
    }

    /// Whole milliseconds for curl, at least 1 (curl reads 0 as no timeout at all).
    private static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(saturating: duration.milliseconds))
    }
}

/// Where curl's callbacks put the response: the body into the file (only for a 200, and only up to
/// the limit), and the validators from the headers.
private final class DownloadSink {
    let descriptor: Int32
    let limit: Int
    var written = 0
    var exceededLimit = false
    /// The status line said something other than 200: the body (an error page) is not written.
    var unexpectedStatus = false
    var etag: String?
    var lastModified: String?
    /// Hashes the body as it is written: the original's identity even when the origin sends no validators.
    let hasher = SHA256Hasher()

    init(descriptor: Int32, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    static let onBody: ccurl_data_callback = { data, size, count, context in
        let sink = Unmanaged<DownloadSink>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        guard !sink.unexpectedStatus else { return 0 }  // never keep an origin's error body
        guard sink.written + length <= sink.limit else {
            sink.exceededLimit = true
            return 0
        }
        sink.hasher.update(UnsafeRawBufferPointer(start: data, count: length))
        var offset = 0
        while offset < length {
            let n = write(sink.descriptor, data! + offset, length - offset)
            if n < 0 {
                if errno == EINTR { continue }
                return 0
            }
            offset += n
        }
        sink.written += length
        return length
    }

    static let onHeader: ccurl_data_callback = { data, size, count, context in
        let sink = Unmanaged<DownloadSink>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response head (curl reports each): anything but 200 keeps its body out of the file.
            let parts = line.split(separator: " ")
            sink.unexpectedStatus = parts.count < 2 || parts[1] != "200"
            sink.etag = nil
            sink.lastModified = nil
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmed(of: " \t\r\n")
            // A validator with a control character is dropped: the original is kept without it.
            if name == "etag" { sink.etag = OriginClient.Validators.checked(value) }
            if name == "last-modified" { sink.lastModified = OriginClient.Validators.checked(value) }
        }
        return length
    }
}

private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
