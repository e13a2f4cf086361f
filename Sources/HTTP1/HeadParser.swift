/// Parses one request head from the start of a buffer.
struct HeadParser {
    /// The buffered bytes, starting at the head (for a full parse: exactly the complete head).
    let bytes: ArraySlice<UInt8>
    /// Request-line, header-block and header-count limits.
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

    /// `method SP request-target SP HTTP-version` (RFC 9112 §3), without its line end.
    func requestLine(_ line: ArraySlice<UInt8>) throws(ParseError) -> HTTPRequest {
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
