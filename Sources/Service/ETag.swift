import Foundation
import Hashing
import TransformSpec
import Vips

/// Strong entity tags for image responses: a hash of everything that decides the bytes, so it can
/// be computed (and `If-None-Match` answered) before rendering.
enum ETag {
    /// Bump when the render pipeline's output changes for the same request.
    static let pipelineVersion = "render-1"

    /// The canonical request, each source's identity (name, size, modification time) and the
    /// formats `fmt=auto` may choose from.
    static func make(spec: TransformSpec, sources: [(name: String, file: ImageFile)], formats: [String]) -> String {
        var text = pipelineVersion + "\n" + spec.canonicalForm + "\n"
        for (name, file) in sources.sorted(by: { $0.name < $1.name }) {
            text += "\(name)\t\(file.size)\t\(file.modified)\n"
        }
        text += formats.joined(separator: ",")
        return "\"" + Array(SHA256.hash(text).prefix(16)).hexString + "\""
    }

    /// Whether `If-None-Match` matches `tag` (weak comparison, RFC 9110 §13.1.2).
    static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value == "*" { return true }
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }
}
