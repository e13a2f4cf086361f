import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// A deliberately simple HTTP client over a blocking socket, for tests that need control over
/// bytes on the wire: pipelining, byte-at-a-time sends, malformed requests, early disconnects.
public final class RawClient {
    public let descriptor: Int32
    private var buffer: [UInt8] = []

    /// A parsed response.
    public struct Response {
        public var version: String
        public var status: Int
        public var headers: [(String, String)]
        public var body: [UInt8]

        public func header(_ name: String) -> String? {
            headers.first { $0.0.lowercased() == name.lowercased() }?.1
        }

        public var text: String { String(decoding: body, as: UTF8.self) }

        /// A JSON object body of string values (the service's error and status bodies), or empty.
        public var json: [String: String] {
            (try? JSONSerialization.jsonObject(with: Data(body))) as? [String: String] ?? [:]
        }
    }

    public enum ClientError: Error { case connect(Int32), closed, timeout, malformed(String) }

    /// Connects to `host`:`port` (IPv4 or IPv6 literal); reads give up after `timeout` seconds.
    /// `source`: the local address to connect from (e.g. `127.0.0.2`, another loopback client).
    public init(host: String = "127.0.0.1", port: Int, from source: String? = nil, timeout: Double = 10) throws {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, String(port), &hints, &list) == 0, let info = list else { throw ClientError.connect(EINVAL) }
        defer { freeaddrinfo(list) }
        let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0, source.map({ Self.bind(fd, to: $0) }) ?? true, connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
            let code = errno
            if fd >= 0 { close(fd) }
            throw ClientError.connect(code)
        }
        var tv = timeval(tv_sec: Int(timeout), tv_usec: Int((timeout - Double(Int(timeout))) * 1_000_000))
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, socklen_t(MemoryLayout<timeval>.size))
        descriptor = fd
    }

    deinit {
        close(descriptor)
    }

    /// Binds `fd` to the numeric `address` (any port) before it connects.
    private static func bind(_ fd: Int32, to address: String) -> Bool {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_NUMERICHOST
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, "0", &hints, &list) == 0, let info = list else { return false }
        defer { freeaddrinfo(list) }
        return Glibc.bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
    }

    public func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    public func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw ClientError.closed }
            offset += n
        }
    }

    /// Reads more bytes; false at end of stream.
    private func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if n > 0 {
            buffer += chunk[0..<n]
            return true
        }
        if n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { throw ClientError.timeout }
        return false
    }

    /// Reads one response; `head` means the request was HEAD (no body follows).
    public func readResponse(head: Bool = false) throws -> Response {
        var end: Int?
        while end == nil {
            if let range = buffer.firstRange(of: Array("\r\n\r\n".utf8)) { end = range.upperBound; break }
            guard try fill() else { throw ClientError.closed }
        }
        let headText = String(decoding: buffer[0..<end!], as: UTF8.self)
        buffer.removeFirst(end!)
        var lines = headText.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let statusLine = lines.removeFirst().split(separator: " ", maxSplits: 2)
        guard statusLine.count >= 2, let status = Int(statusLine[1]) else { throw ClientError.malformed(headText) }
        let headers = lines.map { line -> (String, String) in
            let parts = line.split(separator: ":", maxSplits: 1)
            return (String(parts[0]), parts.count > 1 ? String(parts[1]).trimmingCharacters(in: .whitespaces) : "")
        }
        var response = Response(version: String(statusLine[0]), status: status, headers: headers, body: [])
        if head || status == 304 || status == 204 { return response }
        if let lengthText = response.header("Content-Length"), let length = Int(lengthText) {
            while buffer.count < length {
                guard try fill() else { throw ClientError.closed }
            }
            response.body = Array(buffer[0..<length])
            buffer.removeFirst(length)
        } else {
            while try fill() {}
            response.body = buffer
            buffer = []
        }
        return response
    }

    /// True if the server has closed the connection (reads end-of-stream with nothing pending).
    public func isClosedByServer() -> Bool {
        guard buffer.isEmpty else { return false }
        return (try? fill()) == false
    }
}

/// Raises the open-file limit to its hard maximum, for tests that hold hundreds of sockets.
public func raiseOpenFileLimit() {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    limit.rlim_cur = limit.rlim_max
    setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
}
