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
        if path == Self.sourcesPath {
            // Listing the root reads the disk: on the I/O lane, like any other look at the sources.
            return image.pipeline.executor.submit(
                .io,
                { [self] in
                    let listing = sources()
                    return { respond(listing, .notApplicable) }
                }, refused: { error in respond(ErrorMapping.response(ErrorMapping.outcome(for: error)), .notApplicable) })
        }
        guard path.hasPrefix(Self.planPrefix) else { return respond(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.notFound)), .notApplicable) }
        plan(request, respond: respond)
    }

    /// `{"sources": [names], "truncated": bool}`: image files under the root (see `PlaygroundSources`).
    private func sources() -> HTTPResponse {
        let listing = PlaygroundSources(root: image.pipeline.sources.directory.resolvedRoot)
        let body =
            JSONValue.object([
                ("sources", .array(listing.names.map(JSONValue.string))), ("truncated", .bool(listing.isTruncated)),
            ]).serialized() + "\n"
        return Self.json(.ok, body)
    }

    /// The plan `imgframe plan` prints, plus `canonical` and `source`; laid out on the render lane,
    /// since measuring text and reading headers are work like any other.
    private func plan(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void) {
        let pipeline = image.pipeline
        let parsed: ImageRequest
        do {
            parsed = try image.specs.spec(path: request.path, prefix: Self.planPrefix, query: request.query)
        } catch {
            return respond(ErrorMapping.response(for: error, logger: pipeline.logger), .notApplicable)
        }
        pipeline.executor.submit(
            .render,
            {
                let response: HTTPResponse
                do {
                    let job = pipeline.job(parsed, request) { _, _ in }
                    // A plan is a preview: it does not wait for another request's download of an original.
                    guard let opened = try pipeline.sources.resolve(job, whenReady: { _, _ in }) else { throw RequestError.overloaded }
                    let plan = try pipeline.renderer.plan(parsed.spec.renderRequest, sources: opened)
                    var members: [(String, JSONValue)] = [("canonical", .string(parsed.canonical)), ("source", .string(parsed.spec.source))]
                    if case .object(let planMembers) = plan.json { members += planMembers }
                    response = Self.json(.ok, JSONValue.object(members).serialized() + "\n")
                } catch {
                    response = ErrorMapping.response(for: error, logger: pipeline.logger)
                }
                return { respond(response, .notApplicable) }
            }, refused: { error in respond(ErrorMapping.response(ErrorMapping.outcome(for: error)), .notApplicable) })
    }

    private static func json(_ status: HTTPStatus, _ body: String) -> HTTPResponse {
        HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array(body.utf8))
    }
}
