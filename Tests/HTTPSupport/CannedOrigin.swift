import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A raw-socket origin that answers every connection with the same bytes and closes it: for
/// responses nginx will not send (a bare CR inside a header value) and for listening on an address
/// of its own choosing (an interface address, `::1`). Each request head it read is kept, byte for
/// byte, in `requests`. Stopped in deinit.
public final class CannedOrigin {
    public let port: Int
    /// The address it listens on, as given.
    public let address: String
    private let listener: Int32
    private let log = RequestLog()

    /// Listens on `address` (IPv4 or IPv6 literal), port 0, and answers each request with `response`.
    public init(address: String = "127.0.0.1", response: [UInt8]) throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST | AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, "0", &hints, &list) == 0, let info = list else { throw POSIXError(.EINVAL) }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0, bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0, listen(fd, 16) == 0 else {
            let code = errno
            if fd >= 0 { close(fd) }
            throw POSIXError(POSIXErrorCode(rawValue: code) ?? .EIO)
        }
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        // sin_port and sin6_port sit at offset 2.
        let bigEndianPort = withUnsafeBytes(of: storage) { bytes in bytes.load(fromByteOffset: 2, as: UInt16.self) }
        port = Int(UInt16(bigEndian: bigEndianPort))
        self.address = address
        listener = fd
        // The thread holds the listener and the log, not `self`, so deinit can stop it.
        let log = log
        Thread { Self.acceptLoop(fd, response, log) }.start()
    }

    deinit {
        // Wakes the accept loop with an error, which ends it.
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// `http://address:port/`, with brackets around an IPv6 address.
    public var url: String { address.contains(":") ? "http://[\(address)]:\(port)/" : "http://\(address):\(port)/" }

    /// The request heads read so far, in order (each up to its blank line).
    public var requests: [String] { log.heads }

    private static func acceptLoop(_ listener: Int32, _ response: [UInt8], _ log: RequestLog) {
        while true {
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else {
                if errno == EINTR { continue }
                return
            }
            log.append(readHead(connection))
            var offset = 0
            while offset < response.count {
                let n = response[offset...].withUnsafeBytes { write(connection, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                offset += n
            }
            close(connection)
        }
    }

    /// Reads up to the end of the request head (or 64 KiB, or a 5 s silence).
    private static func readHead(_ connection: Int32) -> String {
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(connection, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 4096)
        while bytes.count < 65536 {
            let n = read(connection, &chunk, chunk.count)
            if n <= 0 { break }
            bytes += chunk[..<n]
            if bytes.count >= 4, Array(bytes.suffix(4)) == Array("\r\n\r\n".utf8) { break }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// The request heads a `CannedOrigin` read, shared with its thread.
private final class RequestLog: @unchecked Sendable {
    // @unchecked: `list` is only touched under `lock`.
    private let lock = NSLock()
    private var list: [String] = []

    func append(_ head: String) { lock.withLock { list.append(head) } }
    var heads: [String] { lock.withLock { list } }
}
