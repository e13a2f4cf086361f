/// Why a source name could not be turned into an open file. Each case carries the name as the
/// request spelled it; server paths never appear (they would tell a client about the disk).
public enum SourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The name can never name a source (`..`, `.`, an empty segment, an absolute path, a backslash,
    /// NUL, an encoded slash, broken percent-encoding); `reason` says which rule it broke.
    case invalidName(String, reason: String)
    /// No file by that name under the root, or one whose real path leads outside it (a symlink):
    /// the two are not told apart, so a client cannot probe what lies outside.
    case notFound(String)
    /// No file has the name exactly, and several have it but for letter case (`candidates`, the
    /// names under the root, sorted): the request must name one exactly.
    case ambiguous(String, candidates: [String])
    /// Something is there but it is not a readable regular file (a folder, a pipe, a device).
    case unsupported(String)

    public var description: String {
        switch self {
        case .invalidName(_, let reason): reason
        case .notFound(let name): "source image `\(name)` not found"
        case .ambiguous(let name, let candidates):
            "`\(name)` matches \(Self.list(candidates)); name one exactly"
        case .unsupported(let name): "source `\(name)` is not an image in a supported format (JPEG, PNG, WebP, GIF, HEIF/AVIF, TIFF)"
        }
    }

    /// "both `a` and `b`", or "`a`, `b` and `c`".
    private static func list(_ names: [String]) -> String {
        let quoted = names.map { "`\($0)`" }
        guard quoted.count > 2 else { return "both " + quoted.joined(separator: " and ") }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted.last!
    }
}
