import CheckedConversion

/// An incremental HTTP/1.1 request parser (RFC 9112). Bytes go in as they arrive; complete requests
/// come out one at a time, in order, and bytes of the next pipelined request stay buffered.
/// Limits are checked as bytes arrive, so an oversized head is refused before it is complete.
public struct RequestParser: Sendable {
    private let limits: ServerConfiguration
    private var buffer: [UInt8] = []
    private var state = State.head
    /// Where the search for the end of the current head stopped; reset after each head.
    private var scanner = HeadScanner()
    /// The current head's request line, parsed as soon as it was complete.
    private var requestLine: HTTPRequest?
    /// Bytes examined by earlier heads' scanners and by head parses (request lines, header blocks).
    private var examinedByteCount = 0

    /// Bytes examined while finding and parsing heads; tests check it grows linearly with the input.
    var scannedByteCount: Int { examinedByteCount + scanner.scannedByteCount }

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

    /// Adds bytes as they arrive from the socket.
    public mutating func append(_ bytes: UnsafeRawBufferPointer) {
        buffer.append(contentsOf: bytes)
    }

    /// Adds bytes as they arrive (tests and the fuzzer).
    public mutating func append(_ bytes: [UInt8]) {
        buffer.append(contentsOf: bytes)
    }

    /// The next complete request, or `nil` when more bytes are needed.
    public mutating func next() throws(ParseError) -> HTTPRequest? {
        if case .head = state {
            guard let head = try nextHead() else { return nil }
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

    /// The next complete head, taken off the buffer; `nil` until its blank line has arrived. The
    /// request line is parsed as soon as it is complete (so a bad one is refused early), the header
    /// block once, when the head is.
    private mutating func nextHead() throws(ParseError) -> HTTPRequest? {
        while true {
            switch try scanner.scan(buffer, limits: limits) {
            case .incomplete:
                return nil
            case .requestLine(let range):
                examinedByteCount += range.count
                requestLine = try HeadParser.requestLine(buffer[range])
            case .complete(let block):
                examinedByteCount += block.count + scanner.scannedByteCount
                scanner = HeadScanner()
                guard var request = requestLine else { throw .badRequest("request head without a request line") }
                requestLine = nil
                request.headers = try HeadParser.headers(buffer[block], for: request)
                buffer.removeFirst(block.upperBound)
                return request
            }
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
            // RFC 9112 §6.3: one field, one value. nginx answers 400 to any repeated or comma-listed
            // length, even equal ones; so do we, leaving no room for a disagreement with a proxy.
            guard lengths.count == 1, let text = lengths.first, !text.isEmpty,
                text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 })
            else {
                throw .badRequest("invalid Content-Length")
            }
            guard text.count <= 15, let length = Int(text), length <= limits.maxBodyBytes else { throw .contentTooLarge }
            return .body(request, remaining: length)
        }
        if request.method.requiresLength { throw .lengthRequired }
        return .body(request, remaining: 0)
    }
}
