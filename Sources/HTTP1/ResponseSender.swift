#if canImport(Glibc)
    import Glibc
#endif
import CEpoll

/// Writes one response to a non-blocking socket, as far as the socket takes it each time it is
/// asked, and remembers where it stopped. A head and an in-memory body leave in one `sendmsg`
/// (two pieces, no copy); a file body follows its head with `sendfile` or, where that is refused,
/// in `pread` chunks that each take their size from the server-wide budget first.
struct ResponseSender {
    /// How far one call got.
    enum Progress: Equatable {
        /// Everything is on the wire.
        case finished
        /// The socket is full; `progressed` when some bytes went out before it filled.
        case blocked(progressed: Bool)
        /// No chunk buffer is free in the budget: ask again shortly.
        case waitingForBudget
        /// The peer has gone, or the file could not be read: the response cannot complete.
        case failed
    }

    private let head: [UInt8]
    private var headSent = 0
    private let body: ConnectionStateMachine.OutgoingResponse.Body
    private var bodySent = 0
    /// The copying path's current chunk, and how much of it is written.
    private var chunk: [UInt8] = []
    private var chunkSent = 0
    private let budget: ByteBudget
    /// Budget bytes held for `chunk`.
    private var heldBudget = 0
    private let chunkBytes: Int
    /// File bodies go out with `sendfile` until it is refused once.
    private var usesSendfile: Bool

    init(_ response: ConnectionStateMachine.OutgoingResponse, budget: ByteBudget, chunkBytes: Int, usesSendfile: Bool) {
        self.head = response.head
        self.body = response.body
        self.budget = budget
        self.chunkBytes = chunkBytes
        self.usesSendfile = usesSendfile
    }

    /// Writes what the socket takes now.
    mutating func send(to socket: Int32) -> Progress {
        var progressed = false
        switch body {
        case .none:
            return writeHead(socket, more: false, &progressed) ?? .finished
        case .bytes(let bytes):
            while headSent < head.count || bodySent < bytes.count {
                switch Self.write(socket, head[headSent...], bytes[bodySent...]) {
                case .bytes(let count):
                    progressed = true
                    let fromHead = min(count, head.count - headSent)
                    headSent += fromHead
                    bodySent += count - fromHead
                case .wouldBlock: return .blocked(progressed: progressed)
                case .closed: return .failed
                }
            }
            return .finished
        case .file(let file):
            if let stopped = writeHead(socket, more: file.length > 0, &progressed) { return stopped }
            return sendFile(file, to: socket, &progressed)
        }
    }

    /// Gives back budget still held (after a failed or abandoned response).
    mutating func release() {
        if heldBudget > 0 {
            budget.release(heldBudget)
            heldBudget = 0
        }
        chunk = []
    }

    /// Writes the rest of the head; `nil` once it is all out, else where it stopped.
    private mutating func writeHead(_ socket: Int32, more: Bool, _ progressed: inout Bool) -> Progress? {
        Self.writeRest(of: head, sent: &headSent, to: socket, more: more, &progressed)
    }

    /// Writes `bytes` from `sent` on, moving `sent`; `nil` once all are out, else where it stopped.
    private static func writeRest(of bytes: [UInt8], sent: inout Int, to socket: Int32, more: Bool, _ progressed: inout Bool) -> Progress? {
        while sent < bytes.count {
            let from = sent
            switch bytes.withUnsafeBytes({ Socket.write(socket, UnsafeRawBufferPointer(rebasing: $0[from...]), more: more) }) {
            case .bytes(let count):
                progressed = true
                sent += count
            case .wouldBlock: return .blocked(progressed: progressed)
            case .closed: return .failed
            }
        }
        return nil
    }

    private mutating func sendFile(_ file: FileBody, to socket: Int32, _ progressed: inout Bool) -> Progress {
        while true {
            // The copying path's chunk in hand goes first.
            if let stopped = Self.writeRest(of: chunk, sent: &chunkSent, to: socket, more: false, &progressed) { return stopped }
            release()
            guard bodySent < file.length else { return .finished }
            if usesSendfile {
                switch file.send(to: socket, at: bodySent) {
                case .sent(let count):
                    progressed = true
                    bodySent += count
                    continue
                case .wouldBlock: return .blocked(progressed: progressed)
                case .failed: return .failed
                case .unsupported: usesSendfile = false  // copy through chunks from here on
                }
            }
            let size = min(chunkBytes, budget.capacity, file.length - bodySent)
            guard budget.acquire(size) else { return .waitingForBudget }
            heldBudget = size
            var read: Int?
            chunk = [UInt8](unsafeUninitializedCapacity: size) { buffer, count in
                read = file.read(at: bodySent, into: UnsafeMutableRawBufferPointer(buffer))
                count = read ?? 0
            }
            chunkSent = 0
            // A short file can no longer keep the promised `Content-Length`: the peer must see the body is short.
            guard let read, read > 0 else { return .failed }
            bodySent += read
        }
    }

    /// One `sendmsg` of two pieces (the rest of the head, the rest of the body).
    private static func write(_ socket: Int32, _ first: ArraySlice<UInt8>, _ second: ArraySlice<UInt8>) -> Socket.IOResult {
        first.withUnsafeBytes { a in
            second.withUnsafeBytes { b in
                withUnsafeTemporaryAllocation(of: iovec.self, capacity: 2) { pieces in
                    pieces[0] = iovec(iov_base: UnsafeMutableRawPointer(mutating: a.baseAddress), iov_len: a.count)
                    pieces[1] = iovec(iov_base: UnsafeMutableRawPointer(mutating: b.baseAddress), iov_len: b.count)
                    return Socket.write(socket, pieces: pieces)
                }
            }
        }
    }
}
