import Layout

/// Somewhere source images are read from by name: the local root (`SourceDirectory`) or the
/// configured origins (`OriginSources`). The service asks its providers in turn (`SourceResolver`);
/// the renderer never looks anything up, it is handed what they resolved.
public protocol SourceProvider: Sendable {
    /// The open source called `name`, which has passed `SourceName.check`; `nil` when this provider
    /// does not serve that name at all (an origin whose first segment does not match), so the next
    /// one is asked. Throws when the provider serves the name but cannot give it (missing, not a
    /// file, an origin's failure). A provider that fetches gives up at `deadline` (`nil`: its own
    /// default from now).
    func source(named name: String, deadline: ContinuousClock.Instant?) throws -> ResolvedSource?
}

extension SourceDirectory: SourceProvider {
    /// The file `name` exactly as given (no asset search), never `nil`: the root is the last resort.
    /// Local files are opened at once, so `deadline` plays no part.
    public func source(named name: String, deadline: ContinuousClock.Instant? = nil) throws(SourceError) -> ResolvedSource? {
        ResolvedSource(name: name, file: try file(named: name))
    }

    /// Every image `refs` names, from this folder only: the request's own image `primary` by its exact
    /// name, each `Image("…")` with the asset search (`asset(named:scale:)`). For callers without
    /// origins (the CLI's `imgframe render`, the playground's plan, tests).
    public func sources(for refs: some Sequence<ImageRef>, primary: String, scale: Double) throws(SourceError) -> [ImageRef: ResolvedSource] {
        var opened: [ImageRef: ResolvedSource] = [:]
        for ref in refs where opened[ref] == nil {
            opened[ref] = try source(for: ref, primary: primary, scale: scale)
        }
        return opened
    }
}
