import Layout
import Origins
import Sources

/// The one place source names become open sources, for every route: each name is checked against
/// `SourceName`'s rule, then the providers are asked in turn, a configured origin first when one
/// serves the name (its first segment names it: `cdn/photos/a.jpg`), else the local root. An
/// origin's originals are looked up by their exact name; the asset-catalog search (`Image("logo")`
/// finding `logo@2x.png`) and the letter-case fallback (`Landscape_4.jpg` finding `landscape_4.jpg`)
/// are for local files only, since each guess would be a request to the origin.
struct SourceResolver: Sendable {
    let directory: SourceDirectory
    let origins: OriginSources?

    /// Every image `job` shows that `job.sources` lacks, opened and checked; `nil` when one of them
    /// is being fetched by another request: then `whenReady` is called once that fetch ends, with
    /// the image it was for (the rest are looked up after it, when the job runs again). Originals
    /// from origins are fetched by `job.originDeadline`. A missing image other than the request's
    /// own is blamed on the parameter that named it.
    func resolve(
        _ job: ImageJob, whenReady: @escaping @Sendable (ImageRef, Result<ResolvedSource, any Error>) -> Void
    ) throws -> [ImageRef: ResolvedSource]? {
        var resolved = job.sources
        for (ref, name) in job.images where resolved[ref] == nil {
            guard let source = try source(for: ref, name: name, job: job, whenReady: { whenReady(ref, $0) }) else { return nil }
            resolved[ref] = source
        }
        return resolved
    }

    /// Every image's name and version when they can be had without downloading an original: `job`
    /// names an image in an S3 origin (whose version a HEAD gives) and none in an HTTP one. Local
    /// images are opened on the way and come back too, for the job to keep. `nil` otherwise.
    func versionsWithoutDownload(_ job: ImageJob) throws -> (versions: [SourceVersion], opened: [ImageRef: ResolvedSource])? {
        guard let origins, job.images.contains(where: { origins.servesObjects($0.name) }) else { return nil }
        var versions: [SourceVersion] = []
        var opened = job.sources
        for (ref, name) in job.images {
            if let source = opened[ref] {
                versions.append(SourceVersion(source))
                continue
            }
            try SourceName.check(name)
            if let version = try origins.version(named: name, deadline: job.originDeadline) {
                versions.append(SourceVersion(name: name, version: version))
            } else if origins.serves(name) {
                return nil  // an HTTP origin's version is its bytes' hash: it is downloaded anyway
            } else {
                let source = try local(ref, name: name, job: job)
                opened[ref] = source
                versions.append(SourceVersion(source))
            }
        }
        return (versions, opened)
    }

    /// The source `ref` names (`name`): from the origin that serves the name, else the local root;
    /// `nil` when joined to another request's fetch.
    private func source(for ref: ImageRef, name: String, job: ImageJob, whenReady: @escaping SourceLookup.Arrival) throws -> ResolvedSource? {
        try SourceName.check(name)
        if let origins {
            switch try origins.lookup(named: name, deadline: job.originDeadline, whenReady: whenReady) {
            case .ready(let source): return source
            case .pending: return nil
            case .notServed: break
            }
        }
        return try local(ref, name: name, job: job)
    }

    /// From the local root: by its name for the request's own image (exact, else ignoring letter
    /// case), with the asset search for `Image("…")`; a missing image other than the request's own is blamed on the parameter that named it.
    private func local(_ ref: ImageRef, name: String, job: ImageJob) throws -> ResolvedSource {
        do {
            return switch ref {
            case .primary: try directory.source(named: name)
            case .named: try directory.asset(named: name, scale: job.scale)
            }
        } catch SourceError.notFound(let name) where ref != .primary {
            throw MissingImage(name: name, parameter: job.imageParameters.parameter(naming: name))
        } catch SourceError.ambiguous(let name, let candidates) where ref != .primary {
            throw MissingImage(name: name, parameter: job.imageParameters.parameter(naming: name), candidates: candidates)
        }
    }

    /// When fetches from origins that start now must have ended: `origins.timeout` from now.
    func deadline() -> ContinuousClock.Instant {
        origins?.deadline() ?? .now
    }

    /// Whether resolving `job` may download from an origin (it names an image under one): such jobs
    /// take the I/O lane's heavy share, `origin_fetches`, even when the original turns out cached,
    /// since telling would take a look at the disk, which the event loop deciding this must not do.
    func mayFetch(_ job: ImageJob) -> Bool {
        guard let origins else { return false }
        return job.images.contains { origins.serves($0.name) }
    }
}
