// libFuzzer harness for the HTTP/1.1 request parser and the connection state machine around it
// (compiled by scripts/fuzz together with Sources/HTTP1). It drives whole messages, bodies included:
// bytes go in with `append` in pieces, and after each piece `next()` is called until it returns nil
// or throws (a throw ends the connection, so parsing stops there). The same pieces then go through a
// `ConnectionStateMachine` on a fake clock, answering each request at once, which must hand out the
// same requests in the same order, one at a time, and never read while a request is being answered.
//
// Input layout: the first byte's low 3 bits say how many split sizes follow (0–7); those bytes are
// the piece sizes, used in turn (a 0 means the rest at once); everything after them is the stream.
// With no split sizes the stream arrives in one piece.
//
// Invariants: no crash or hang; every request is well-formed and within the limits; the parser
// never holds more than the limits allow; and the work spent finding heads is linear in the input.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let input = Array(UnsafeBufferPointer(start: data, count: size))
    guard let first = input.first else { return 0 }
    let splitCount = min(Int(first & 7), input.count - 1)
    let splits = input[1..<1 + splitCount].map(Int.init)
    let stream = Array(input[(1 + splitCount)...])

    var limits = ServerConfiguration()
    limits.maxRequestLineBytes = 512
    limits.maxHeaderBytes = 2048
    limits.maxHeaderCount = 20
    limits.maxBodyBytes = 1024
    var parser = RequestParser(limits: limits)
    // Bounds the harness's own buffering of one long stream.
    let readLimit = limits.maxRequestLineBytes + limits.maxHeaderBytes + limits.maxBodyBytes
    var handled: [String] = []
    var offset = 0
    var piece = 0
    parsing: while offset < stream.count {
        let step = splits.isEmpty ? stream.count : splits[piece % splits.count]
        piece += 1
        let end = step == 0 ? stream.count : min(stream.count, offset + step)
        guard parser.bufferedByteCount <= readLimit else { break }
        parser.append(Array(stream[offset..<end]))
        offset = end
        do {
            while let request = try parser.next() {
                precondition(request.target.hasPrefix("/") || request.target == "*", "target \(request.target)")
                precondition(!request.method.description.isEmpty, "empty method")
                precondition(request.body.count <= limits.maxBodyBytes, "body of \(request.body.count) bytes")
                precondition(request.headers.fields.count <= limits.maxHeaderCount, "\(request.headers.fields.count) headers")
                if request.version == .http11 { precondition(request.headers.values("Host").count == 1, "Host count") }
                precondition(request.headers.values("Content-Length").count <= 1, "several Content-Length")
                _ = request.wantsKeepAlive
                _ = request.path
                _ = request.query
                handled.append(request.target)
            }
        } catch {
            _ = error.status
            break parsing
        }
        precondition(parser.scannedByteCount <= 3 * offset, "head work \(parser.scannedByteCount) for \(offset) bytes")
    }
    // The machine stops early only by closing, or shutting its write side first (HTTP/1.0,
    // `Connection: close`, an error).
    let (answered, closed) = driveStateMachine(stream, splits: splits, limits: limits, upTo: offset)
    precondition(closed ? handled.starts(with: answered) : answered == handled, "the state machine handled \(answered), the parser \(handled)")
    return 0
}

/// Feeds `stream[..<end]` in the same pieces to a connection state machine, answers each request at
/// once, and returns the targets it handed out and whether it closed. Checks: one request at a time,
/// no reading while one is answered, and nothing at all after close.
private func driveStateMachine(_ stream: [UInt8], splits: [Int], limits: ServerConfiguration, upTo end: Int) -> ([String], Bool) {
    var machine = ConnectionStateMachine(configuration: limits)
    var now = MonotonicTime.zero
    var reading = false
    var closed = false
    /// The write side is shut: what follows is read and discarded.
    var lingering = false
    var handled: [String] = []
    func apply(_ actions: ConnectionStateMachine.Actions) {
        precondition(!closed || actions.description == "nothing", "acted after close: \(actions)")
        precondition(!lingering || actions.handle == nil, "a request handled after the write side was shut")
        if let on = actions.reading { reading = on }
        closed = closed || actions.close
        lingering = lingering || actions.shutdownWrite
        var next = actions
        // Answer at once, and finish each write at once, until the machine waits for bytes again.
        while !closed {
            if let request = next.handle {
                precondition(!reading, "reading while a request is answered")
                handled.append(request.target)
                next = machine.receive(.responseReady(HTTPResponse(status: .ok, body: [0x6F, 0x6B])), at: now)
            } else if next.write != nil {
                next = machine.receive(.writeFinished, at: now)
            } else {
                break
            }
            precondition(next.handle == nil || next.write == nil, "a request handed out with a write pending")
            if let on = next.reading { reading = on }
            closed = closed || next.close
            lingering = lingering || next.shutdownWrite
        }
    }
    apply(machine.receive(.opened, at: now))
    var offset = 0
    var piece = 0
    while offset < end, reading, !closed {
        let step = splits.isEmpty ? end : splits[piece % splits.count]
        piece += 1
        let stop = step == 0 ? end : min(end, offset + step)
        now = now + .microseconds(1)
        let bytes = Array(stream[offset..<stop])
        offset = stop
        apply(bytes.withUnsafeBytes { machine.read($0, at: now) })
    }
    return (handled, closed || lingering)
}
