#if canImport(Glibc)
    import Glibc
#endif

/// A response body streamed from an open file: a region of `length` bytes at `offset`. The server
/// sends it with `sendfile` as the socket drains (or, where that is refused, reads it in chunks with
/// `pread`), so a large body is never in memory whole.
/// Owns the descriptor and closes it when the last response holding it is gone; `pread` keeps no
/// file position, so several connections may stream the same body at once.
public final class FileBody: Sendable {
    /// The open, readable descriptor this body owns.
    public let descriptor: Int32
    /// Where the body starts in the file, in bytes.
    public let offset: Int
    /// Body length in bytes (the response's `Content-Length`).
    public let length: Int

    /// Takes ownership of `descriptor`: it is closed in deinit.
    public init(descriptor: Int32, offset: Int, length: Int) {
        precondition(offset >= 0 && length >= 0, "file body region must not be negative")
        self.descriptor = descriptor
        self.offset = offset
        self.length = length
    }

    deinit {
        close(descriptor)
    }

    /// Reads up to `buffer.count` bytes of the body starting `position` bytes into it; the count
    /// read, 0 at the end of the file, or `nil` on a read error.
    func read(at position: Int, into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        let wanted = min(buffer.count, length - position)
        guard wanted > 0 else { return 0 }
        while true {
            let n = pread(descriptor, buffer.baseAddress, wanted, off_t(offset + position))
            if n >= 0 { return n }
            if errno == EINTR { continue }
            return nil
        }
    }

    /// What one `sendfile` call did.
    enum SendResult {
        /// Bytes the socket took (at least one).
        case sent(Int)
        /// The socket's buffer is full: wait until it is writable.
        case wouldBlock
        /// This file or socket cannot be used with `sendfile`: copy instead.
        case unsupported
        /// The peer has gone or the file is shorter than its region: the response cannot complete.
        case failed
    }

    /// Sends the body from `position` on to the non-blocking `socket`, as much as the socket takes in
    /// one call, straight from the page cache (`sendfile(2)`: no copy through user space). Like
    /// `pread`, it keeps no file position, so several connections may send the same body at once.
    func send(to socket: Int32, at position: Int) -> SendResult {
        let wanted = length - position
        guard wanted > 0 else { return .sent(0) }
        var fileOffset = off_t(offset + position)
        while true {
            let n = sendfile(socket, descriptor, &fileOffset, wanted)
            if n > 0 { return .sent(n) }
            if n == 0 { return .failed }  // end of file before the region's end: truncated
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            case EINVAL, ENOSYS, EOPNOTSUPP: return .unsupported
            default: return .failed
            }
        }
    }
}
