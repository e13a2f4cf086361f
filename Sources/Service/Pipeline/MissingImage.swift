import Sources

/// An image the request names besides its own (`overlay=`, `Image("name")` in a chain) is not under
/// the source root; `parameter` is the query parameter that named it, so the error blames what the
/// user wrote rather than the URL path.
struct MissingImage: Error, Sendable {
    /// The name as the request wrote it.
    let name: String
    /// `overlay`, `chain`, or `path` for a view template's own images.
    let parameter: String
    /// The files it matches but for letter case, when several do (`SourceError.ambiguous`).
    var candidates: [String] = []

    /// What the client is told: not found, or which files it could mean.
    var message: String {
        candidates.isEmpty ? "image `\(name)` not found" : SourceError.ambiguous(name, candidates: candidates).description
    }
}
