import CheckedConversion

/// An HTTP status code with its reason phrase.
public struct HTTPStatus: Sendable, Hashable {
    public let code: Int
    public let reason: String

    public init(_ code: Int, _ reason: String) {
        self.code = code
        self.reason = reason
    }

    public static let ok = HTTPStatus(200, "OK")
    public static let notModified = HTTPStatus(304, "Not Modified")
    public static let badRequest = HTTPStatus(400, "Bad Request")
    public static let forbidden = HTTPStatus(403, "Forbidden")
    public static let notFound = HTTPStatus(404, "Not Found")
    public static let methodNotAllowed = HTTPStatus(405, "Method Not Allowed")
    public static let requestTimeout = HTTPStatus(408, "Request Timeout")
    public static let lengthRequired = HTTPStatus(411, "Length Required")
    public static let contentTooLarge = HTTPStatus(413, "Content Too Large")
    public static let uriTooLong = HTTPStatus(414, "URI Too Long")
    public static let unsupportedMediaType = HTTPStatus(415, "Unsupported Media Type")
    public static let unprocessableContent = HTTPStatus(422, "Unprocessable Content")
    public static let headerFieldsTooLarge = HTTPStatus(431, "Request Header Fields Too Large")
    public static let internalServerError = HTTPStatus(500, "Internal Server Error")
    public static let notImplemented = HTTPStatus(501, "Not Implemented")
    public static let badGateway = HTTPStatus(502, "Bad Gateway")
    public static let serviceUnavailable = HTTPStatus(503, "Service Unavailable")
    public static let gatewayTimeout = HTTPStatus(504, "Gateway Timeout")
    public static let versionNotSupported = HTTPStatus(505, "HTTP Version Not Supported")
}

/// Header fields in order, names compared case-insensitively (RFC 9110 §5.1).
public struct HTTPHeaders: Sendable, ExpressibleByArrayLiteral, Sequence {
    public private(set) var fields: [(name: String, value: String)]

    public init(arrayLiteral elements: (String, String)...) {
        fields = elements.map { (name: $0.0, value: $0.1) }
    }

    public init(_ fields: [(String, String)] = []) {
        self.fields = fields.map { (name: $0.0, value: $0.1) }
    }

    /// The first value of `name`, if present.
    public subscript(name: String) -> String? {
        fields.first { Self.sameName($0.name, name) }?.value
    }

    /// Every value of `name`, in order.
    public func values(_ name: String) -> [String] {
        fields.filter { Self.sameName($0.name, name) }.map(\.value)
    }

    /// ASCII case-insensitive comparison without allocating (field names are tokens, RFC 9110 §5.1).
    static func sameName(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        // Native strings: compared in place (zipping the two UTF-8 views walks them generically).
        let compared = a.utf8.withContiguousStorageIfAvailable { x in b.utf8.withContiguousStorageIfAvailable { y in zip(x, y).allSatisfy(sameByte) }
        }
        return (compared ?? nil) ?? zip(a.utf8, b.utf8).allSatisfy(sameByte)
    }

    private static func sameByte(_ x: UInt8, _ y: UInt8) -> Bool {
        x == y || (x | 0x20 == y | 0x20 && (x | 0x20) >= 0x61 && (x | 0x20) <= 0x7A)
    }

    /// Room for `count` fields without growing (a response's headers, added one by one).
    public mutating func reserveCapacity(_ count: Int) {
        fields.reserveCapacity(count)
    }

    public mutating func add(_ name: String, _ value: String) {
        fields.append((name: name, value: value))
    }

    /// Replaces every field called `name` with one.
    public mutating func set(_ name: String, _ value: String) {
        fields.removeAll { Self.sameName($0.name, name) }
        fields.append((name: name, value: value))
    }

    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// True when a comma-separated field (e.g. `Connection`) contains `token`, case-insensitively.
    func contains(token: String, in name: String) -> Bool {
        values(name).contains { value in
            value.split(separator: ",").contains { $0.trimmingSpaces().lowercased() == token }
        }
    }
}

/// HTTP/1.0 or HTTP/1.1.
public enum HTTPVersion: String, Sendable {
    case http10 = "HTTP/1.0"
    case http11 = "HTTP/1.1"
}

/// A parsed request: the head and its (usually empty) body.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The request target as sent (origin form: path and query, still percent-encoded).
    public var target: String {
        didSet { queryMark = Self.queryMark(in: target) }
    }
    public var version: HTTPVersion
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// Where `?` is in `target`, found once: routes, signing and the access log all ask for the path.
    private var queryMark: String.Index?

    public init(method: HTTPMethod, target: String, version: HTTPVersion, headers: HTTPHeaders = [], body: [UInt8] = []) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = body
        self.queryMark = Self.queryMark(in: target)
    }

    private static func queryMark(in target: String) -> String.Index? {
        target.utf8.firstIndex(of: UInt8(ascii: "?"))
    }

    /// The target's path part, before `?`.
    public var path: Substring { target[..<(queryMark ?? target.endIndex)] }

    /// The target's query part, after `?` (empty when there is none).
    public var query: Substring {
        guard let queryMark else { return "" }
        return target[target.utf8.index(after: queryMark)...]
    }

    /// Whether the client asked to keep the connection open (RFC 9112 §9.3).
    public var wantsKeepAlive: Bool {
        switch version {
        case .http11: !headers.contains(token: "close", in: "Connection")
        case .http10: headers.contains(token: "keep-alive", in: "Connection")
        }
    }
}

/// A response. `Content-Length`, `Date`, `Server` and `Connection` are added by the writer.
public struct HTTPResponse: Sendable {
    public var status: HTTPStatus
    public var headers: HTTPHeaders
    /// The body when it is in memory (ignored when `file` is set).
    public var body: [UInt8]
    /// The body when it is streamed from a file, in chunks, as the client reads; `nil` for in-memory bodies.
    public var file: FileBody?
    /// Why the request was refused, in a few words, for the access log; never sent.
    public var logNote: String?

    public init(status: HTTPStatus, headers: HTTPHeaders = [], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A response whose body is streamed from `file`.
    public init(status: HTTPStatus, headers: HTTPHeaders = [], file: FileBody) {
        self.status = status
        self.headers = headers
        self.body = []
        self.file = file
    }

    /// The body's length in bytes, wherever it is (the `Content-Length` the writer sends).
    public var contentLength: Int { file?.length ?? body.count }
}

extension Substring {
    /// Without leading and trailing spaces and tabs (HTTP's optional whitespace).
    func trimmingSpaces() -> Substring {
        var s = self
        while let c = s.first, c == " " || c == "\t" { s.removeFirst() }
        while let c = s.last, c == " " || c == "\t" { s.removeLast() }
        return s
    }
}
