import Foundation
import Hashing
import TransformSpec
import Vips

/// Everything that decides a response's bytes, as one text: the canonical request, each source's
/// identity (name, size, modification time) and the formats `fmt=auto` may choose from. The ETag
/// and the cache key are both hashes of it, so they change together.
struct RequestIdentity {
    /// Bump when the render pipeline's output changes for the same request.
    static let pipelineVersion = "render-1"

    let material: String

    init(spec: TransformSpec, sources: [(name: String, file: ImageFile)], formats: [String]) {
        var text = Self.pipelineVersion + "\n" + spec.canonicalForm + "\n"
        for (name, file) in sources.sorted(by: { $0.name < $1.name }) {
            text += "\(name)\t\(file.size)\t\(file.modified)\n"
        }
        material = text + formats.joined(separator: ",")
    }

    /// A strong entity tag: 128 bits of SHA-256 of the material, quoted.
    var etag: String {
        "\"" + Array(SHA256.hash(material).prefix(16)).hexString + "\""
    }
}

/// `If-None-Match` evaluation.
enum ETag {
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
