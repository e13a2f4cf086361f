import Layout

/// Somewhere source images are read from by name: the local root (`SourceDirectory`) or the
/// configured origins (`OriginSources`). The service asks its providers in turn (`SourceResolver`);
/// the renderer never looks anything up, it is handed what they resolved.
public protocol SourceProvider: Sendable {
    /// The source called `name`, which has passed `SourceName.check`: `.ready` with it open,
    /// `.notServed` when this provider does not serve that name at all (an origin whose first
    /// segment does not match), so the next one is asked, or `.pending` when another request is
    /// already fetching it: then `whenReady` is called, once, when that fetch ends, and no thread
    /// waits for it here. Throws when the provider serves the name but cannot give it (missing, not
    /// a file, an origin's failure). A provider that fetches gives up at `deadline` (`nil`: its own
    /// default from now).
    func lookup(named name: String, deadline: ContinuousClock.Instant?, whenReady: @escaping SourceLookup.Arrival) throws -> SourceLookup
}

/// What a `SourceProvider` found for a name.
public enum SourceLookup: Sendable {
    /// Called when a fetch that a lookup joined has ended, with the source or why there is none.
    public typealias Arrival = @Sendable (Result<ResolvedSource, any Error>) -> Void

    /// Open and checked.
    case ready(ResolvedSource)
    /// This provider does not serve the name.
    case notServed
    /// Another request is fetching it; the lookup's `whenReady` will be called.
    case pending
}

extension SourceDirectory: SourceProvider {
    /// The file `name` as given (no asset search, `source(named:)`), never `.notServed`: the root is
    /// the last resort. Local files are opened at once, so `deadline` and `whenReady` play no part.
    public func lookup(named name: String, deadline: ContinuousClock.Instant?, whenReady: @escaping SourceLookup.Arrival) throws -> SourceLookup {
        .ready(try source(named: name))
    }

    /// The file `name` as given (no asset search): the exact name, else the one file that is that
    /// name but for letter case (`ambiguous` when several are). The source is named as found.
    public func source(named name: String) throws(SourceError) -> ResolvedSource {
        do {
            return ResolvedSource(name: name, file: try file(named: name))
        } catch .notFound {
            guard let found = try foldedMatch(among: [name], asked: name) else { throw .notFound(name) }
            return try source(found: found, asked: name)
        }
    }

    /// Every image `refs` names, from this folder only: the request's own image `primary` by its name
    /// (`source(named:)`), each `Image("…")` with the asset search (`asset(named:scale:)`). For callers without
    /// origins (the CLI's `imgframe render`, the playground's plan, tests).
    public func sources(for refs: some Sequence<ImageRef>, primary: String, scale: Double) throws(SourceError) -> [ImageRef: ResolvedSource] {
        var opened: [ImageRef: ResolvedSource] = [:]
        for ref in refs where opened[ref] == nil {
            opened[ref] = try source(for: ref, primary: primary, scale: scale)
        }
        return opened
    }
}
