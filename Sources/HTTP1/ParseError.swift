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
