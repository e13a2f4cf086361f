import Layout
import Origins
import Sources

/// The one place source names become open sources, for every route: each name is checked against
/// `SourceName`'s rule, then the providers are asked in turn, a configured origin first when one
/// serves the name (its first segment names it: `cdn/photos/a.jpg`), else the local root. An
/// origin's originals are looked up by their exact name; the asset-catalog search (`Image("logo")`
/// finding `logo@2x.png`) is for local files only, since each guess would be a request to the origin.
struct SourceResolver: Sendable {
    let directory: SourceDirectory
    let origins: OriginSources?

    /// The providers asked for an exact name, in order: the origins (if configured), then the root.
    private var providers: [any SourceProvider] {
        if let origins { [origins, directory] } else { [directory] }
    }

    /// The source `ref` names; an origin's original is fetched by `deadline` (`origins.timeout` from
    /// now unless told: a request naming several shares one).
    func source(for ref: ImageRef, primary: String, scale: Double, deadline: ContinuousClock.Instant? = nil) throws -> ResolvedSource {
        switch ref {
        case .primary:
            return try source(named: primary, deadline: deadline)
        case .named(let name):
            try SourceName.check(name)
            if let remote = try origins?.source(named: name, deadline: deadline) { return remote }
            return try directory.asset(named: name, scale: scale)
        }
    }

    /// The source `name` exactly as given (a request path's name).
    func source(named name: String, deadline: ContinuousClock.Instant? = nil) throws -> ResolvedSource {
        try SourceName.check(name)
        for provider in providers {
            if let found = try provider.source(named: name, deadline: deadline) { return found }
        }
        throw SourceError.notFound(name)
    }
}
