import CCurl
import CheckedConversion
import Hashing
#if canImport(Glibc)
    import Glibc
#endif

/// One HTTP exchange through libcurl, the only way this module talks to the network: redirects
/// off, TLS verified, no proxy, connect and total timeouts, the connection pinned to a checked
/// address when one is given, and a byte cap on the body. A successful (2xx) body goes to a file
/// descriptor when one is given, else into memory; an error's body is kept in memory (a little of
/// it) for the caller to read the reason from, never written to the file.
struct CurlTransfer {
    /// What to send.
    struct Request {
        var url: String
        /// `GET`, `HEAD`, `PUT` or `POST`.
        var method = "GET"
        /// More header lines, `Name: value`.
        var headers: [String] = []
        /// The body of a PUT or POST.
        var body: [UInt8] = []
        /// `host:port:address` (`AddressPolicy.pin`), or `nil` to let curl resolve.
        var pin: String?
        var connectTimeout: Duration
        var totalTimeout: Duration
        /// The largest body taken; a longer one fails the transfer (`Failure.tooLarge`).
        var maxBytes: Int
    }

    /// What came back.
    struct Response {
        let status: Int
        /// The last response head's fields, names lower-cased; a field with a control character is left out.
        let headers: [String: String]
        /// A 2xx body when no file was given, or the start of an error's body (at most `errorBodyBytes`).
        let body: [UInt8]
        /// Bytes of a 2xx body (in the file, or `body.count`).
        let bodyBytes: Int
        /// The SHA-256 of a 2xx body (hex).
        let digest: String
    }

    /// Why no response was had.
    enum Failure: Error {
        case timedOut
        case tooLarge
        case certificate(String)
        case unavailable(String)
    }

    /// Bytes of an error's body kept: enough for an S3 error document.
    static let errorBodyBytes = 16 * 1024

    private static let initialized: Bool = ccurl_global_init() == 0

    /// Runs `request`; a 2xx body goes to `descriptor` when given.
    static func perform(_ request: Request, into descriptor: Int32? = nil) -> Result<Response, Failure> {
        guard initialized else { return .failure(.unavailable("libcurl did not initialise")) }
        let sink = ResponseSink(descriptor: descriptor, limit: request.maxBytes)
        var status = 0
        var error = [CChar](repeating: 0, count: Int(ccurl_error_size()))
        let lines = request.headers.map { strdup($0) }
        defer { for line in lines { free(line) } }
        let code = lines.map { UnsafePointer($0) }.withUnsafeBufferPointer { headers in
            request.body.withUnsafeBytes { body in
                withOptionalCString(request.pin) { pinned in
                    request.url.withCString { url in
                        request.method.withCString { method in
                            let context = Unmanaged.passUnretained(sink).toOpaque()
                            var call = ccurl_request(
                                url: url, method: method, upload: body.baseAddress, upload_length: body.count, headers: headers.baseAddress,
                                header_count: Int32(headers.count), pinned_address: pinned,
                                connect_timeout_ms: milliseconds(min(request.connectTimeout, request.totalTimeout)),
                                total_timeout_ms: milliseconds(request.totalTimeout), max_bytes: curl_off_t(request.maxBytes),
                                on_body: ResponseSink.onBody,
                                body_context: context, on_header: ResponseSink.onHeader, header_context: context)
                            return ccurl_perform(&call, &status, &error)
                        }
                    }
                }
            }
        }
        // An error status whose body was cut short is still an answer: its status and first bytes.
        let errorCode = sink.errorStatus && ccurl_is_write_refused(code) != 0 ? 0 : code
        if errorCode != 0 {
            if sink.exceededLimit || ccurl_is_too_large(errorCode) != 0 { return .failure(.tooLarge) }
            if ccurl_is_timeout(errorCode) != 0 { return .failure(.timedOut) }
            let message = String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if ccurl_is_tls_failure(errorCode) != 0 { return .failure(.certificate(message)) }
            return .failure(.unavailable(message.isEmpty ? "libcurl error \(errorCode)" : message))
        }
        return .success(
            Response(status: status, headers: sink.headers, body: sink.memory, bodyBytes: sink.written, digest: sink.hasher.finish().hexString))
    }

    /// Whole milliseconds for curl, at least 1 (curl reads 0 as no timeout at all).
    static func milliseconds(_ duration: Duration) -> Int {
        max(1, Int(saturating: duration.milliseconds))
    }
}

/// Where curl's callbacks put the response: a 2xx body into the file or memory (up to the limit),
/// an error's body into memory (a little of it), and the header fields.
private final class ResponseSink {
    let descriptor: Int32?
    let limit: Int
    var written = 0
    var memory: [UInt8] = []
    var exceededLimit = false
    /// The status line said something other than 2xx: the body is an error's.
    var errorStatus = false
    var headers: [String: String] = [:]
    /// Hashes a 2xx body as it is written.
    let hasher = SHA256Hasher()

    init(descriptor: Int32?, limit: Int) {
        self.descriptor = descriptor
        self.limit = limit
    }

    static let onBody: ccurl_data_callback = { data, size, count, context in
        let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        let bytes = UnsafeRawBufferPointer(start: data, count: length)
        if sink.errorStatus {
            // An error's reason: the start of its body, in memory only; past that the transfer stops.
            guard sink.memory.count + length <= CurlTransfer.errorBodyBytes else { return 0 }
            sink.memory.append(contentsOf: bytes)
            return length
        }
        guard sink.written + length <= sink.limit else {
            sink.exceededLimit = true
            return 0
        }
        sink.hasher.update(bytes)
        if let descriptor = sink.descriptor {
            var offset = 0
            while offset < length {
                let n = write(descriptor, data! + offset, length - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return 0
                }
                offset += n
            }
        } else {
            sink.memory.append(contentsOf: bytes)
        }
        sink.written += length
        return length
    }

    static let onHeader: ccurl_data_callback = { data, size, count, context in
        let sink = Unmanaged<ResponseSink>.fromOpaque(context!).takeUnretainedValue()
        let length = size * count
        let line = String(decoding: UnsafeRawBufferPointer(start: data, count: length), as: UTF8.self)
        if line.hasPrefix("HTTP/") {
            // A new response head (curl reports each, 100 Continue too): only the last one counts.
            let parts = line.split(separator: " ")
            sink.errorStatus = parts.count < 2 || !parts[1].hasPrefix("2")
            sink.headers = [:]
        } else if let colon = line.firstIndex(of: ":") {
            let name = line[..<colon].lowercased()
            let value = line[line.index(after: colon)...].trimmed(of: " \t\r\n")
            // A value with a control character could end a header line if sent back: dropped.
            if value.utf8.allSatisfy({ $0 >= 0x20 && $0 != 0x7F }) { sink.headers[name] = value }
        }
        return length
    }
}

private func withOptionalCString<Result>(_ text: String?, _ body: (UnsafePointer<CChar>?) -> Result) -> Result {
    guard let text else { return body(nil) }
    return text.withCString { body($0) }
}
