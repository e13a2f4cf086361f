import CEpoll
import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// Thin, typed wrappers over the POSIX socket calls the server uses. Every descriptor is created
/// non-blocking and close-on-exec.
enum Socket {
    /// Creates a listening socket bound to `host`:`port` (numeric IPv4/IPv6 address or a name that
    /// resolves to one); port 0 lets the kernel pick. Returns the descriptor and the bound port.
    /// `::` listens on IPv6 and IPv4 alike (dual-stack); other IPv6 addresses on IPv6 alone.
    static func listen(host: String, port: Int, backlog: Int32) throws(SocketError) -> (descriptor: Int32, port: Int, isIPv6: Bool) {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        hints.ai_flags = AI_PASSIVE
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else { throw SocketError("getaddrinfo(\(host))", code: EADDRNOTAVAIL) }
        defer { freeaddrinfo(list) }

        var lastError = SocketError("bind", code: EADDRNOTAVAIL)
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            let fd = socket(info.pointee.ai_family, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_NONBLOCK.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard fd >= 0 else { lastError = SocketError("socket"); continue }
            var on: Int32 = 1
            setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, socklen_t(MemoryLayout<Int32>.size))
            if info.pointee.ai_family == AF_INET6 {
                // `::` (every address) listens dual-stack: IPv4 clients arrive as `::ffff:a.b.c.d`, the
                // usual meaning of "all interfaces" on a modern host. Any other IPv6 address means
                // that address only, whatever the system's `net.ipv6.bindv6only` default says.
                var v6Only: Int32 = host == "::" ? 0 : 1
                setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &v6Only, socklen_t(MemoryLayout<Int32>.size))
            }
            guard bind(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0 else {
                lastError = SocketError("bind(\(host):\(port))")
                close(fd)
                continue
            }
            guard Glibc.listen(fd, backlog) == 0 else {
                lastError = SocketError("listen")
                close(fd)
                continue
            }
            return (fd, boundPort(fd), info.pointee.ai_family == AF_INET6)
        }
        throw lastError
    }

    private static func boundPort(_ fd: Int32) -> Int {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        _ = withUnsafeMutablePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        if Int32(storage.ss_family) == AF_INET6 {
            return withUnsafePointer(to: &storage) {
                $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin6_port)) }
            }
        }
        return withUnsafePointer(to: &storage) {
            $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { Int(UInt16(bigEndian: $0.pointee.sin_port)) }
        }
    }

    /// Accepts one pending connection, non-blocking: its descriptor and the client's address; `nil`
    /// when none is waiting.
    static func accept(_ listener: Int32) throws(SocketError) -> (descriptor: Int32, peer: PeerAddress)? {
        // accept4 is not visible from Swift's Glibc module; set the flags with fcntl instead.
        var address = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let fd = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.accept(listener, $0, &length) }
        }
        if fd >= 0 {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            var on: Int32 = 1
            setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
            return (fd, PeerAddress(address))
        }
        switch errno {
        case EAGAIN, EWOULDBLOCK, EINTR, ECONNABORTED, EPROTO: return nil
        default: throw SocketError("accept")
        }
    }

    /// Outcome of a non-blocking read or write.
    enum IOResult: Equatable {
        case bytes(Int)
        case wouldBlock
        case closed
    }

    static func read(_ fd: Int32, into buffer: UnsafeMutableRawBufferPointer) -> IOResult {
        while true {
            let n = Glibc.read(fd, buffer.baseAddress, buffer.count)
            if n > 0 { return .bytes(n) }
            if n == 0 { return .closed }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
        }
    }

    /// Writes without raising SIGPIPE when the peer has gone (`MSG_NOSIGNAL`). `more`: more bytes
    /// follow at once (`MSG_MORE`), so TCP need not send a short segment for these.
    static func write(_ fd: Int32, _ bytes: UnsafeRawBufferPointer, more: Bool = false) -> IOResult {
        let flags = Int32(MSG_NOSIGNAL) | (more ? cepoll_msg_more() : 0)
        return result { send(fd, bytes.baseAddress, bytes.count, flags) }
    }

    /// Writes several pieces in one call (a gathering `sendmsg`, `MSG_NOSIGNAL`).
    static func write(_ fd: Int32, pieces: UnsafeMutableBufferPointer<iovec>) -> IOResult {
        var message = msghdr()
        message.msg_iov = pieces.baseAddress
        message.msg_iovlen = pieces.count
        return result { sendmsg(fd, &message, Int32(MSG_NOSIGNAL)) }
    }

    private static func result(_ call: () -> Int) -> IOResult {
        while true {
            let n = call()
            if n >= 0 { return .bytes(n) }
            if errno == EINTR { continue }
            return errno == EAGAIN || errno == EWOULDBLOCK ? .wouldBlock : .closed
        }
    }

    /// Sends FIN: the peer reads the end of the response, then end-of-file.
    static func shutdownWrite(_ fd: Int32) {
        _ = Glibc.shutdown(fd, Int32(SHUT_WR))
    }

    static func close(_ fd: Int32) {
        _ = Glibc.close(fd)
    }
}
