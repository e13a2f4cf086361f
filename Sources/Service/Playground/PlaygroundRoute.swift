import Foundation
import HTTP1
import Layout
import PlanJSON
import Render
import Sources
import TransformSpec

/// The playground (`playground = on`): the page at `/`, the source names at `/playground/sources`
/// and the layout plan at `/playground/plan/{path}?{query}`. With signing on, `/` explains signing
/// and the helpers are not served: a page whose previews all answer 403 would only confuse.
struct PlaygroundRoute: Sendable {
    static let prefix = "/playground/"
    static let planPrefix = "/playground/plan/"
    static let sourcesPath = "/playground/sources"

    let image: ImageRoute
    let signing: Bool

    /// Whether `path` is one of the playground's.
    static func handles(_ path: Substring) -> Bool {
        path == "/" || path.hasPrefix(prefix)
    }

    /// Answers through `respond` (once); the second argument is the cache status for the access log.
    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void) {
        let path = request.path
        if path == "/" { return respond(PlaygroundPage.response(signing: signing), .notApplicable) }
        guard !signing else { return respond(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.notFound)), .notApplicable) }
        if path == Self.sourcesPath { return respond(sources(), .notApplicable) }
        guard path.hasPrefix(Self.planPrefix) else { return respond(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.notFound)), .notApplicable) }
        plan(request, respond: respond)
    }

    /// `{"sources": [names], "truncated": bool}`: image files under the root (see `PlaygroundSources`).
    private func sources() -> HTTPResponse {
        let listing = PlaygroundSources(root: image.sources.directory.resolvedRoot)
        let body = JSONValue.object([
            ("sources", .array(listing.names.map(JSONValue.string))), ("truncated", .bool(listing.isTruncated)),
        ]).serialized() + "\n"
        return Self.json(.ok, body)
    }

    /// The plan `imgframe plan` prints, plus `canonical` and `source`; laid out on the render pool,
    /// since measuring text and reading headers are work like any other.
    private func plan(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void) {
        let spec: TransformSpecAndCanonical
        do {
            let parsed = try image.specs.spec(path: request.path, prefix: Self.planPrefix, query: request.query)
            spec = TransformSpecAndCanonical(spec: parsed.spec, canonical: parsed.canonical, source: parsed.spec.source)
        } catch {
            return respond(ImageRoute.errorResponse(error, logger: image.logger), .notApplicable)
        }
        let job: WorkerPool.Job = { [renderer = image.renderer, directory = image.sources.directory, logger = image.logger] in
            let response: HTTPResponse
            do {
                // Local sources only, as the playground lists them: no origin is fetched for a plan.
                let view = spec.spec
                let sources = try directory.sources(for: view.view.imageRefs, primary: view.source, scale: view.scale)
                let plan = try renderer.plan(view.renderRequest, sources: sources)
                var members: [(String, JSONValue)] = [("canonical", .string(spec.canonical)), ("source", .string(spec.source))]
                if case .object(let planMembers) = plan.json { members += planMembers }
                response = Self.json(.ok, JSONValue.object(members).serialized() + "\n")
            } catch {
                response = ImageRoute.errorResponse(error, logger: logger)
            }
            return { respond(response, .notApplicable) }
        }
        let accepted = image.pool.submit(job) {
            respond(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.queueTimedOut)), .notApplicable)
        }
        if !accepted { respond(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.overloaded)), .notApplicable) }
    }

    private struct TransformSpecAndCanonical: Sendable {
        var spec: TransformSpec
        var canonical: String
        var source: String
    }

    private static func json(_ status: HTTPStatus, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array(body.utf8))
    }
}
