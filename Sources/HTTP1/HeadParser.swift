import CheckedConversion

/// Parses the pieces of a request head that `HeadScanner` has delimited: the request line as soon
/// as it is complete, the header block once the head is. The scanner has already enforced the size
/// and count limits and found every line end, so nothing here searches or re-checks them.
enum HeadParser {
    private static let lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20, tab: UInt8 = 0x09, colon: UInt8 = 0x3A, slash: UInt8 = 0x2F
    private static let versionPrefix: [UInt8] = Array("HTTP/".utf8)

    /// The header fields of `block` (the lines after the request line, up to and including the
    /// blank line that ends the head), checked against `request`'s version.
    static func headers(_ block: ArraySlice<UInt8>, for request: HTTPRequest) throws(ParseError) -> HTTPHeaders {
        var headers = HTTPHeaders()
        var hosts = 0
        var lineStart = block.startIndex
        for index in block.indices where block[index] == lf {
            let content = index > lineStart && block[index - 1] == cr ? index - 1 : index
            if content > lineStart {
                let (name, value) = try field(block[lineStart..<content])
                if HTTPHeaders.sameName(name, "Host") { hosts += 1 }
                headers.add(name, value)
            }
            lineStart = index + 1
        }
        // RFC 9112 §3.2: exactly one Host in an HTTP/1.1 request.
        if request.version == .http11, hosts != 1 { throw .badRequest("HTTP/1.1 request needs exactly one Host header") }
        return headers
    }

    /// `method SP request-target SP HTTP-version` (RFC 9112 §3), without its line end.
    static func requestLine(_ line: ArraySlice<UInt8>) throws(ParseError) -> HTTPRequest {
        // Exactly two spaces: three parts, found without making an array of them.
        guard let firstSpace = line.firstIndex(of: space), let secondSpace = line[(firstSpace + 1)...].firstIndex(of: space),
            !line[(secondSpace + 1)...].contains(space)
        else { throw .badRequest("request line must be `METHOD target HTTP/1.1`") }
        let (methodBytes, target, versionBytes) = (line[..<firstSpace], line[(firstSpace + 1)..<secondSpace], line[(secondSpace + 1)...])
        guard !methodBytes.isEmpty, methodBytes.allSatisfy(isTokenByte) else { throw .badRequest("invalid method") }
        guard !target.isEmpty, target.allSatisfy({ $0 > 0x20 && $0 < 0x7F }) else { throw .badRequest("invalid request target") }
        let method = isGET(methodBytes) ? .get : HTTPMethod(String(decoding: methodBytes, as: UTF8.self))
        var targetText = String(decoding: target, as: UTF8.self)
        if target.first == slash {
            // Origin form (nearly every request): kept as sent.
        } else if targetText.hasPrefix("http://") || targetText.hasPrefix("https://") {
            // Absolute form (RFC 9112 §3.2.2): keep the path and query.
            let afterScheme = targetText.split(separator: "/", maxSplits: 3, omittingEmptySubsequences: false)
            targetText = afterScheme.count == 4 ? "/" + afterScheme[3] : "/"
        } else if !(targetText == "*" && method == .options) {
            throw .badRequest("request target must start with /")
        }
        let version = try version(versionBytes)
        return HTTPRequest(method: method, target: targetText, version: version, headers: [], body: [])
    }

    /// `HTTP/1.1` or `HTTP/1.0`, compared as bytes; `HTTP/x.y` of another version is a 505.
    private static func version(_ bytes: ArraySlice<UInt8>) throws(ParseError) -> HTTPVersion {
        guard bytes.count == 8, bytes.prefix(5).elementsEqual(versionPrefix), isDigit(bytes[bytes.startIndex + 5]),
            bytes[bytes.startIndex + 6] == 0x2E, isDigit(bytes[bytes.startIndex + 7])
        else { throw .badRequest("invalid HTTP version") }
        switch (bytes[bytes.startIndex + 5], bytes[bytes.startIndex + 7]) {
        case (0x31, 0x31): return .http11
        case (0x31, 0x30): return .http10
        default: throw .versionNotSupported
        }
    }

    /// Whether the method is `GET`, the method of nearly every request (no string made for it).
    private static func isGET(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.count == 3 && bytes[bytes.startIndex] == 0x47 && bytes[bytes.startIndex + 1] == 0x45 && bytes[bytes.startIndex + 2] == 0x54
    }

    /// `name ":" OWS value OWS` (RFC 9110 §5, RFC 9112 §5).
    private static func field(_ line: ArraySlice<UInt8>) throws(ParseError) -> (String, String) {
        guard let first = line.first, first != space, first != tab else {
            throw .badRequest("obsolete line folding in headers")
        }
        guard let colon = line.firstIndex(of: colon) else { throw .badRequest("header line without a colon") }
        let name = line[line.startIndex..<colon]
        guard !name.isEmpty, name.allSatisfy(isTokenByte) else { throw .badRequest("invalid header name") }
        var value = line[(colon + 1)...]
        while let c = value.first, c == space || c == tab { value.removeFirst() }
        while let c = value.last, c == space || c == tab { value.removeLast() }
        guard value.allSatisfy({ $0 == tab || $0 >= 0x20 && $0 != 0x7F }) else { throw .badRequest("control character in a header value") }
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
