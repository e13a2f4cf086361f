/// Why a request was rejected by the parser; each maps to the status the server answers (and the
/// connection closes after it).
public enum ParseError: Error, Sendable, Equatable {
    case badRequest(String)
    case uriTooLong
    case headerFieldsTooLarge
    case contentTooLarge
    case lengthRequired
    case notImplemented(String)
    case versionNotSupported

    public var status: HTTPStatus {
        switch self {
        case .badRequest: .badRequest
        case .uriTooLong: .uriTooLong
        case .headerFieldsTooLarge: .headerFieldsTooLarge
        case .contentTooLarge: .contentTooLarge
        case .lengthRequired: .lengthRequired
        case .notImplemented: .notImplemented
        case .versionNotSupported: .versionNotSupported
        }
    }
}

/// An incremental HTTP/1.1 request parser (RFC 9112). Bytes go in as they arrive; complete requests
/// come out one at a time, in order, and bytes of the next pipelined request stay buffered.
/// Limits are checked as bytes arrive, so an oversized head is refused before it is complete.
public struct RequestParser: Sendable {
    private let limits: ServerConfiguration
    private var buffer: [UInt8] = []
    private var state = State.head

    private enum State {
        case head
        case body(HTTPRequest, remaining: Int)
        case chunked(HTTPRequest, ChunkedBody)
    }

    public init(limits: ServerConfiguration) {
        self.limits = limits
    }

    /// Bytes received but not yet part of a returned request.
    public var bufferedByteCount: Int { buffer.count }

    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    public mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, or `nil` when more bytes are needed.
    public mutating func next() throws(ParseError) -> HTTPRequest? {
        if case .head = state {
            guard let (head, consumed) = try HeadParser(bytes: buffer[...], limits: limits).parse() else { return nil }
            buffer.removeFirst(consumed)
            state = try Self.framing(of: head, limits: limits)
        }
        switch state {
        case .head:
            return nil
        case .body(var request, let remaining):
            guard buffer.count >= remaining else { return nil }
            request.body = Array(buffer.prefix(remaining))
            buffer.removeFirst(remaining)
            state = .head
            return request
        case .chunked(var request, var body):
            let done = try body.consume(&buffer, limits: limits)
            guard done else {
                state = .chunked(request, body)
                return nil
            }
            request.body = body.data
            state = .head
            return request
        }
    }

    /// How the body is delimited (RFC 9112 §6): chunked, a length, or none. Requests that could
    /// smuggle a second request (both headers, several lengths) are refused.
    private static func framing(of request: HTTPRequest, limits: ServerConfiguration) throws(ParseError) -> State {
        let encodings = request.headers.values("Transfer-Encoding")
        let lengths = request.headers.values("Content-Length")
        if !encodings.isEmpty {
            guard request.version == .http11 else { throw .badRequest("Transfer-Encoding in an HTTP/1.0 request") }
            guard lengths.isEmpty else { throw .badRequest("both Transfer-Encoding and Content-Length") }
            let codings = encodings.flatMap { $0.split(separator: ",") }.map { $0.trimmingSpaces().lowercased() }
            guard codings.last == "chunked" else { throw .badRequest("Transfer-Encoding does not end in chunked") }
            guard codings.count == 1 else { throw .notImplemented("transfer coding \(codings.dropLast().joined(separator: ", "))") }
            return .chunked(request, ChunkedBody())
        }
        if !lengths.isEmpty {
            let values = Set(lengths.flatMap { $0.split(separator: ",", omittingEmptySubsequences: false) }.map { String($0.trimmingSpaces()) })
            guard values.count == 1, let text = values.first, !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
                throw .badRequest("invalid Content-Length")
            }
            guard text.count <= 15, let length = Int(text), length <= limits.maxBodyBytes else { throw .contentTooLarge }
            return .body(request, remaining: length)
        }
        if ["POST", "PUT", "PATCH"].contains(request.method) { throw .lengthRequired }
        return .body(request, remaining: 0)
    }
}

/// Parses one request head from the start of a buffer.
private struct HeadParser {
    let bytes: ArraySlice<UInt8>
    let limits: ServerConfiguration

    private static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20, tab: UInt8 = 0x09, colon: UInt8 = 0x3A

    /// The head and how many bytes it used, or `nil` if it is not complete yet.
    func parse() throws(ParseError) -> (HTTPRequest, Int)? {
        var index = bytes.startIndex
        // RFC 9112 §2.2: ignore at least one empty line before the request line.
        var skipped = 0
        while skipped < 4, let end = lineEnd(from: index), end.content == index {
            index = end.next
            skipped += 1
        }
        guard let requestLineEnd = lineEnd(from: index) else {
            if bytes.endIndex - index > limits.maxRequestLineBytes { throw .uriTooLong }
            return nil
        }
        guard requestLineEnd.content - index <= limits.maxRequestLineBytes else { throw .uriTooLong }
        var request = try requestLine(bytes[index..<requestLineEnd.content])
        index = requestLineEnd.next
        let headStart = index
        var headers: [(String, String)] = []
        while true {
            guard let end = lineEnd(from: index) else {
                if bytes.endIndex - headStart > limits.maxHeaderBytes { throw .headerFieldsTooLarge }
                return nil
            }
            if end.next - headStart > limits.maxHeaderBytes { throw .headerFieldsTooLarge }
            if end.content == index {
                index = end.next
                break
            }
            headers.append(try field(bytes[index..<end.content]))
            if headers.count > limits.maxHeaderCount { throw .headerFieldsTooLarge }
            index = end.next
        }
        request.headers = HTTPHeaders(headers)
        if request.version == .http11 {
            // RFC 9112 §3.2: exactly one Host in an HTTP/1.1 request.
            guard request.headers.values("Host").count == 1 else { throw .badRequest("HTTP/1.1 request needs exactly one Host header") }
        }
        return (request, index - bytes.startIndex)
    }

    /// The end of the line starting at `from`: where its content ends (before CRLF or LF) and where
    /// the next line starts. A CR anywhere but before the LF is malformed.
    private func lineEnd(from: Int) -> (content: Int, next: Int)? {
        guard let lf = bytes[from...].firstIndex(of: Self.lf) else { return nil }
        let content = lf > from && bytes[lf - 1] == Self.cr ? lf - 1 : lf
        return (content, lf + 1)
    }

    /// `method SP request-target SP HTTP-version` (RFC 9112 §3).
    private func requestLine(_ line: ArraySlice<UInt8>) throws(ParseError) -> HTTPRequest {
        let parts = line.split(separator: Self.space, omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .badRequest("request line must be `METHOD target HTTP/1.1`") }
        guard !parts[0].isEmpty, parts[0].allSatisfy(Self.isTokenByte) else { throw .badRequest("invalid method") }
        let target = parts[1]
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .badRequest("invalid request target") }
        let method = String(decoding: parts[0], as: UTF8.self)
        var targetText = String(decoding: target, as: UTF8.self)
        if targetText.hasPrefix("http://") || targetText.hasPrefix("https://") {
            // Absolute form (RFC 9112 §3.2.2): keep the path and query.
            let afterScheme = targetText.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
            targetText = afterScheme.count == 4 ? "/" + afterScheme[3] : "/"
        } else if !(targetText.hasPrefix("/") || (targetText == "*" && method == "OPTIONS")) {
            throw .badRequest("request target must start with /")
        }
        let versionText = String(decoding: parts[2], as: UTF8.self)
        guard let version = HTTPVersion(rawValue: versionText) else {
            let bytes = Array(parts[2])
            if bytes.count == 8, versionText.hasPrefix("HTTP/"), bytes[6] == 0x2E, Self.isDigit(bytes[5]), Self.isDigit(bytes[7]) {
                throw .versionNotSupported
            }
            throw .badRequest("invalid HTTP version")
        }
        return HTTPRequest(method: method, target: targetText, version: version, headers: [], body: [])
    }

    /// `name ":" OWS value OWS` (RFC 9110 §5, RFC 9112 §5).
    private func field(_ line: ArraySlice<UInt8>) throws(ParseError) -> (String, String) {
        guard let first = line.first, first != Self.space, first != Self.tab else {
            throw .badRequest("obsolete line folding in headers")
        }
        guard let colon = line.firstIndex(of: Self.colon) else { throw .badRequest("header line without a colon") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(Self.isTokenByte) else { throw .badRequest("invalid header name") }
        var value = line[(colon + 1)...]
        while let c = value.first, c == Self.space || c == Self.tab { value.removeFirst() }
        while let c = value.last, c == Self.space || c == Self.tab { value.removeLast() }
        guard value.allSatisfy({ $0 == Self.tab || $0 >= 0x20 && $0 != 0x7F }) else { throw .badRequest("control character in a header value") }
        return (String(decoding: name, as: UTF8.self), String(decoding: value, as: UTF8.self))
    }

    /// `tchar` of RFC 9110 §5.6.2.
    private static func isTokenByte(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x30...0x39, 0x41...0x5A, 0x61...0x7A: true
        case UInt8(ascii: "!"), UInt8(ascii: "#"), UInt8(ascii: "$"), UInt8(ascii: "%"), UInt8(ascii: "&"), UInt8(ascii: "'"),
             UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "^"), UInt8(ascii: "_"),
             UInt8(ascii: "`"), UInt8(ascii: "|"), UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }
}

/// Decodes a chunked body (RFC 9112 §7.1) incrementally: size lines, data, and trailers.
struct ChunkedBody {
    private(set) var data: [UInt8] = []
    private var phase = Phase.size
    private var trailerBytes = 0

    private enum Phase {
        case size
        case data(remaining: Int)
        case dataEnd
        case trailers
    }

    /// Consumes what it can from the front of `buffer`; true once the body is complete.
    mutating func consume(_ buffer: inout [UInt8], limits: ServerConfiguration) throws(ParseError) -> Bool {
        var index = 0
        defer { buffer.removeFirst(index) }
        while true {
            switch phase {
            case .size:
                guard let lf = buffer[index...].firstIndex(of: 0x0A) else {
                    if buffer.count - index > 1024 { throw .badRequest("chunk size line too long") }
                    return false
                }
                var line = buffer[index..<lf]
                if line.last == 0x0D { line.removeLast() }
                let sizeText = line.prefix { $0 != UInt8(ascii: ";") && $0 != 0x20 && $0 != 0x09 }
                guard !sizeText.isEmpty, sizeText.count <= 8, let size = Int(String(decoding: sizeText, as: UTF8.self), radix: 16) else {
                    throw .badRequest("invalid chunk size")
                }
                guard data.count + size <= limits.maxBodyBytes else { throw .contentTooLarge }
                index = lf + 1
                phase = size == 0 ? .trailers : .data(remaining: size)
            case .data(let remaining):
                let available = Swift.min(remaining, buffer.count - index)
                data.append(contentsOf: buffer[index..<index + available])
                index += available
                guard available == remaining else {
                    phase = .data(remaining: remaining - available)
                    return false
                }
                phase = .dataEnd
            case .dataEnd:
                if buffer.count - index >= 2, buffer[index] == 0x0D, buffer[index + 1] == 0x0A {
                    index += 2
                } else if buffer.count - index >= 1, buffer[index] == 0x0A {
                    index += 1
                } else if buffer.count - index >= 2 || (buffer.count - index == 1 && buffer[index] != 0x0D) {
                    throw .badRequest("chunk data not followed by CRLF")
                } else {
                    return false
                }
                phase = .size
            case .trailers:
                guard let lf = buffer[index...].firstIndex(of: 0x0A) else {
                    if trailerBytes + buffer.count - index > limits.maxHeaderBytes { throw .headerFieldsTooLarge }
                    return false
                }
                let empty = lf == index || (lf == index + 1 && buffer[index] == 0x0D)
                trailerBytes += lf + 1 - index
                guard trailerBytes <= limits.maxHeaderBytes else { throw .headerFieldsTooLarge }
                index = lf + 1
                if empty { return true }
            }
        }
    }
}
