import Origins
import Render
import Layout
import TransformSpec

/// Where a source name is read from: a configured origin when its first segment names one
/// (`cdn/photos/a.jpg`), else the local root. An origin's originals are looked up by their exact
/// name; the asset-catalog search (`Image("logo")` finding `logo@2x.png`) is for local files only,
/// since each guess would be a request to the origin.
struct SourceResolver: Sendable {
    let directory: SourceDirectory
    let origins: OriginSources?

    /// The source `ref` names; an origin's original is fetched by `deadline` (`origins.timeout` from
    /// now unless told: a request naming several shares one).
    func source(for ref: ImageRef, primary: String, scale: Double, deadline: ContinuousClock.Instant? = nil) throws -> ResolvedSource {
        let name = switch ref {
        case .primary: primary
        case .named(let name): name
        }
        if let remote = try origins?.source(named: name, deadline: deadline) { return remote }
        return try directory.source(for: ref, primary: primary, scale: scale)
    }

    /// The source `name` as a request path names it.
    func source(named name: String) throws -> ResolvedSource {
        try source(for: .primary, primary: name, scale: 1)
    }
}
