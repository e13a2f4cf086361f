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

    /// Every image `job` shows, opened and checked (`resolve(_:imageParameters:)`).
    func resolve(_ job: ImageJob) throws -> [ImageRef: ResolvedSource] {
        switch job.product {
        case .info(let name): [.primary: try source(for: .primary, primary: name, scale: 1)]
        case .image(let spec): try resolve(spec, imageParameters: job.imageParameters)
        }
    }

    /// Every image `spec` shows, opened and checked. Originals from origins are all fetched by one
    /// deadline, `origins.timeout` from now. A missing image other than the request's own is blamed
    /// on the parameter that named it.
    func resolve(_ spec: TransformSpec, imageParameters: ImageParameters) throws -> [ImageRef: ResolvedSource] {
        let deadline = origins?.deadline()
        var resolved: [ImageRef: ResolvedSource] = [:]
        for ref in spec.view.imageRefs {
            do {
                resolved[ref] = try source(for: ref, primary: spec.source, scale: spec.scale, deadline: deadline)
            } catch RenderError.sourceNotFound(let name) where ref != .primary {
                throw MissingImage(name: name, parameter: imageParameters.parameter(naming: name))
            }
        }
        return resolved
    }

    /// Whether resolving `job` may download from an origin (it names an image under one): such jobs
    /// take the I/O lane's heavy share, `origin_fetches`, even when the original turns out cached,
    /// since telling would take a look at the disk, which the event loop deciding this must not do.
    func mayFetch(_ job: ImageJob) -> Bool {
        guard let origins else { return false }
        switch job.product {
        case .info(let name): return origins.serves(name)
        case .image(let spec):
            return spec.view.imageRefs.contains { ref in
                switch ref {
                case .primary: origins.serves(spec.source)
                case .named(let name): origins.serves(name)
                }
            }
        }
    }

    /// The source `ref` names; an origin's original is fetched by `deadline` (`origins.timeout` from
    /// now unless told: a request naming several shares one).
    func source(for ref: ImageRef, primary: String, scale: Double, deadline: ContinuousClock.Instant? = nil) throws -> ResolvedSource {
        let name =
            switch ref {
            case .primary: primary
            case .named(let name): name
            }
        if let remote = try origins?.source(named: name, deadline: deadline) { return remote }
        return try directory.source(for: ref, primary: primary, scale: scale)
    }
}
