import Layout

/// An `/info` request that asks for placeholders: the image request it describes (parsed as
/// `/img` parses it, so a placeholder matches that render's crop), the placeholders asked for, and
/// the text its answer is identified by, cached and given an ETag like an image.
struct PlaceholderRequest: Sendable {
    /// The version of the placeholders' JSON and math: bump it when either changes.
    static let version = "placeholders/v1"

    let image: ImageRequest
    let set: PlaceholderSet
    /// `version`, the image's canonical form and the set's canonical text.
    let canonical: String
    /// `canonical` without the cache-busting `v`.
    let bodyCanonical: String

    init(image: ImageRequest, set: PlaceholderSet) {
        self.image = image
        self.set = set
        canonical = Self.version + "\t" + image.canonical + "\t" + set.canonicalText
        bodyCanonical = Self.version + "\t" + image.bodyCanonical + "\t" + set.canonicalText
    }
}
