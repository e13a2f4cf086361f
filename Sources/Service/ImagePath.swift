/// Turns the path after `/img/` into a source name relative to the root, refusing every spelling
/// that could point elsewhere: `..` and `.` (also percent-encoded), encoded slashes, backslashes,
/// NUL, empty segments and absolute paths.
enum ImagePath {
    static let prefix = "/img/"

    static func sourceName(fromTarget path: Substring) throws(RequestError) -> String {
        let raw = path.dropFirst(prefix.count)
        var segments: [String] = []
        for rawSegment in raw.split(separator: "/", omittingEmptySubsequences: false) {
            guard let bytes = percentDecoded(rawSegment), let segment = String(validating: bytes, as: UTF8.self) else {
                throw .badPath("the image path is not valid percent-encoded UTF-8")
            }
            guard !segment.isEmpty else { throw .badPath("the image path has an empty segment (`//` or a leading `/`)") }
            guard segment != ".", segment != ".." else { throw .badPath("the image path may not contain `.` or `..` segments") }
            guard !bytes.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) else {
                throw .badPath("the image path may not contain encoded slashes, backslashes or NUL")
            }
            segments.append(segment)
        }
        return segments.joined(separator: "/")
    }

    /// RFC 3986 §2.1 percent-decoding (`+` stays `+` in a path); `nil` for a broken escape.
    private static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var out: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                out.append(byte)
                continue
            }
            guard let hi = iterator.next().flatMap(hex), let lo = iterator.next().flatMap(hex) else { return nil }
            out.append(hi << 4 | lo)
        }
        return out
    }

    private static func hex(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}

/// Request problems the service itself detects (beside spec and render errors).
enum RequestError: Error {
    case badPath(String)
    case methodNotAllowed
    case notFound
    case overloaded
}
