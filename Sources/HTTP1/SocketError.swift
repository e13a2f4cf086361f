#if canImport(Glibc)
    import Glibc
#endif

/// A failed socket call: which call, and `errno`.
public struct SocketError: Error, Sendable, CustomStringConvertible {
    public let call: String
    public let code: Int32

    init(_ call: String, code: Int32 = errno) {
        self.call = call
        self.code = code
    }

    public var description: String {
        "\(call) failed: \(String(cString: strerror(code)))"
    }
}
