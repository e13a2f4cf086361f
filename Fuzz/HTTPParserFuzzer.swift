// libFuzzer harness for the HTTP/1.1 request parser (compiled by scripts/fuzz together with
// Sources/HTTP1). The input is split into chunks at positions taken from its first byte, so
// incremental parsing is exercised too. Invariants: no crash, no hang, and every request that comes
// out is well-formed.

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzHTTPParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    var limits = ServerConfiguration()
    limits.maxRequestLineBytes = 512
    limits.maxHeaderBytes = 2048
    limits.maxHeaderCount = 20
    limits.maxBodyBytes = 4096
    var parser = RequestParser(limits: limits)
    let step = max(1, Int(bytes.first ?? 1) % 17)
    var offset = 0
    parsing: while offset < bytes.count {
        let end = min(bytes.count, offset + step)
        parser.append(Array(bytes[offset..<end]))
        offset = end
        do {
            while let request = try parser.next() {
                precondition(request.target.hasPrefix("/") || request.target == "*", "target \(request.target)")
                precondition(!request.method.isEmpty && request.body.count <= limits.maxBodyBytes)
                precondition(request.headers.fields.count <= limits.maxHeaderCount)
                _ = request.wantsKeepAlive
                _ = request.path
                _ = request.query
            }
        } catch {
            _ = error.status
            break parsing
        }
    }
    return 0
}
