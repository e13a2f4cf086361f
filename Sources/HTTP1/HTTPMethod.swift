/// A request method (RFC 9110 §9): the registered ones by name, any other token as `other`.
/// Compares case-sensitively, as methods do (§9.1): `get` is not `GET`.
public enum HTTPMethod: Sendable, Hashable, CustomStringConvertible, ExpressibleByStringLiteral {
    case get, head, post, put, delete, connect, options, trace, patch
    /// Any other token (validated by the parser, not here).
    case other(String)

    /// The method for `token` as it appears on the request line.
    public init(_ token: String) {
        switch token {
        case "GET": self = .get
        case "HEAD": self = .head
        case "POST": self = .post
        case "PUT": self = .put
        case "DELETE": self = .delete
        case "CONNECT": self = .connect
        case "OPTIONS": self = .options
        case "TRACE": self = .trace
        case "PATCH": self = .patch
        default: self = .other(token)
        }
    }

    public init(stringLiteral token: String) { self.init(token) }

    /// The token as sent, e.g. `GET`.
    public var description: String {
        switch self {
        case .get: "GET"
        case .head: "HEAD"
        case .post: "POST"
        case .put: "PUT"
        case .delete: "DELETE"
        case .connect: "CONNECT"
        case .options: "OPTIONS"
        case .trace: "TRACE"
        case .patch: "PATCH"
        case .other(let token): token
        }
    }

    /// Whether a request with this method must say how long its body is (411 without): the methods
    /// whose requests carry content (RFC 9110 §9.3.3, §9.3.4, RFC 5789).
    var requiresLength: Bool { self == .post || self == .put || self == .patch }
}
