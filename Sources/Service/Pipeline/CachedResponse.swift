import Cache
import HTTP1

/// The `200` of a cache hit.
enum CachedResponse {
    /// A small body from memory, a large one streamed from the cache file (the verified, open
    /// descriptor passes to the response, which closes it when sent).
    static func response(headers: HTTPHeaders, body: CacheHit.Body) -> HTTPResponse {
        switch body {
        case .bytes(let bytes):
            return HTTPResponse(status: .ok, headers: headers, body: bytes)
        case .file(let file):
            guard let descriptor = file.takeDescriptor() else {
                // Each lookup returns a fresh region, so this cannot happen; answer rather than trap.
                return ErrorMapping.response(status: .internalServerError, message: "internal error")
            }
            return HTTPResponse(status: .ok, headers: headers, file: FileBody(descriptor: descriptor, offset: file.offset, length: file.length))
        }
    }
}
