import CheckedConversion
import TransformSpec

/// Turns the path after `/img/` into a source name relative to the root, refusing every spelling
/// that could point elsewhere: `..` and `.` (also percent-encoded), encoded slashes, backslashes,
/// NUL, empty segments and absolute paths.
enum ImagePath {
    static let prefix = "/img/"

    /// - Parameter prefix: the route's prefix (`/img/`; `/info/` and `/playground/plan/` take the same paths).
    static func sourceName(fromTarget path: Substring, prefix: String = prefix) throws(RequestError) -> String {
        let raw = path.dropFirst(prefix.count)
        var segments: [String] = []
        for rawSegment in raw.split(separator: "/", omittingEmptySubsequences: false) {
            guard let bytes = PercentDecoding.bytes(rawSegment, plusAsSpace: false), let segment = String(validating: bytes, as: UTF8.self) else {
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
}

/// Request problems the service itself detects (beside spec and render errors).
enum RequestError: Error {
    case badPath(String)
    case methodNotAllowed
    case notFound
    /// A lane of the executor has its queue full.
    case overloaded
    /// No thread of a lane was free within `queue_timeout`.
    case queueTimedOut
}
