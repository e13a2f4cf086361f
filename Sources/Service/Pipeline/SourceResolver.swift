import Layout
import Origins
import Render
import TransformSpec

/// Where a source name is read from: a configured origin when its first segment names one
/// (`cdn/photos/a.jpg`), else the local root. An origin's originals are looked up by their exact
/// name; the asset-catalog search (`Image("logo")` finding `logo@2x.png`) is for local files only,
/// since each guess would be a request to the origin.
struct SourceResolver: Sendable {
    let directory: SourceDirectory
    let origins: OriginSources?

    /// Called when a download that a lookup joined has ended: the image it was for, and its source
    /// or why there is none.
    typealias Downloaded = @Sendable (ImageRef, Result<ResolvedSource, any Error>) -> Void

    /// Every image `job` shows that `job.sources` lacks, opened and checked; `nil` when one of them
    /// is being downloaded by another request: then `whenDownloaded` is called once that download
    /// ends (the rest are looked up after it, when the job runs again). Originals from origins are
    /// fetched by `job.originDeadline`. A missing image other than the request's own is blamed on
    /// the parameter that named it.
    func resolve(_ job: ImageJob, whenDownloaded: @escaping Downloaded) throws -> [ImageRef: ResolvedSource]? {
        var resolved = job.sources
        for (ref, name) in job.images where resolved[ref] == nil {
            do {
                guard let source = try source(for: ref, name: name, job: job, whenDownloaded: whenDownloaded) else { return nil }
                resolved[ref] = source
            } catch RenderError.sourceNotFound(let name) where ref != .primary {
                throw MissingImage(name: name, parameter: job.imageParameters.parameter(naming: name))
            }
        }
        return resolved
    }

    /// The source `ref` names (`name`), from its origin or the local root; `nil` when joined to
    /// another request's download.
    private func source(for ref: ImageRef, name: String, job: ImageJob, whenDownloaded: @escaping Downloaded) throws -> ResolvedSource? {
        if let origins {
            switch try origins.source(named: name, deadline: job.originDeadline, whenDownloaded: { whenDownloaded(ref, $0.mapError { $0 }) }) {
            case .ready(let source): return source
            case .joined: return nil
            case .local: break
            }
        }
        return try directory.source(for: ref, primary: job.primaryName, scale: job.scale)
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
