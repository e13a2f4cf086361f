// libFuzzer harness for the HTTP/1.1 request parser (compiled by scripts/fuzz together with
// Sources/HTTP1). It drives whole messages, bodies included, the way `Connection` does: bytes go in
// with `append` in pieces, and after each piece `next()` is called until it returns nil or throws
// (a throw ends the connection, so parsing stops there).
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
    // `Connection` stops reading once this much is buffered.
    let readLimit = limits.maxRequestLineBytes + limits.maxHeaderBytes + limits.maxBodyBytes
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
            }
        } catch {
            _ = error.status
            break parsing
        }
        precondition(parser.scannedByteCount <= 3 * offset, "head work \(parser.scannedByteCount) for \(offset) bytes")
    }
    return 0
}
