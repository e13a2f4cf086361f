import Foundation
import HTTP1
import Layout
import PlanJSON
import Render
import Sources
import TransformSpec

/// The playground (`playground = on`): the page at `/`, the source names at `/playground/sources`,
/// the view templates with their parameters at `/playground/templates`, and the layout plan at
/// `/playground/plan/{path}?{query}` (an `/img` request), `/playground/view-plan/{template}?{query}`
/// (a `/view` one) or `/playground/url-plan/{compat prefix}/…` (an imgproxy or thumbor URL, its
/// signature not checked: the preview's own request is). With signing on, `/` explains signing and the helpers are not served: a page
/// whose previews all answer 403 would only confuse.
struct PlaygroundRoute: Sendable {
    static let prefix = "/playground/"
    static let planPrefix = "/playground/plan/"
    static let viewPlanPrefix = "/playground/view-plan/"
    static let urlPlanPrefix = "/playground/url-plan/"
    static let sourcesPath = "/playground/sources"
    static let templatesPath = "/playground/templates"

    let image: ImageRoute
    let view: ViewRoute
    /// The imgproxy and thumbor URL formats the server takes (`compat.`), whose requests it plans too.
    let compat: [CompatRoute]
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
        // Listing a folder reads the disk: on the I/O lane, like any other look at the sources.
        if path == Self.sourcesPath { return list(respond) { [self] in sources() } }
        if path == Self.templatesPath {
            return list(respond) { [view] in Self.json(.ok, PlaygroundTemplates(folder: view.templates).json.serialized() + "\n") }
        }
        let parsed: ImageRequest
        do {
            if path.hasPrefix(Self.planPrefix) {
                parsed = try image.specs.spec(path: path, prefix: Self.planPrefix, query: request.query)
            } else if path.hasPrefix(Self.viewPlanPrefix) {
                // The spec `/view/` would render for the same name and query.
                let template = try view.templates.template(named: ViewRoute.templateName(fromTarget: path, prefix: Self.viewPlanPrefix))
                let spec = try view.presets.templateSpec(template, query: request.query, limits: view.limits)
                parsed = ImageRequest(spec: spec, imageParameters: .template)
            } else if path.hasPrefix(Self.urlPlanPrefix) {
                parsed = try foreignRequest(path.dropFirst(Self.urlPlanPrefix.count - 1))
            } else {
                throw RequestError.notFound
            }
        } catch {
            return respond(ErrorMapping.response(for: error, logger: image.pipeline.logger), .notApplicable)
        }
        plan(parsed, request, respond: respond)
    }

    /// The request an imgproxy or thumbor URL path (`/_ip/{signature}/…`) stands for.
    private func foreignRequest(_ target: Substring) throws -> ImageRequest {
        guard let route = compat.first(where: { target.hasPrefix($0.prefix) }) else {
            throw SpecError.foreignOption(
                option: "path", message: "`\(target)` starts with no compat prefix of this server (compat.imgproxy, compat.thumbor)")
        }
        let rest = target.dropFirst(route.prefix.count)
        return try route.parse(rest.firstIndex(of: "/").map { rest[rest.index(after: $0)...] } ?? "").image
    }

    /// Answers with `listing()`, made on the I/O lane.
    private func list(_ respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void, _ listing: @escaping @Sendable () -> HTTPResponse)
    {
        image.pipeline.executor.submit(
            .io,
            {
                let response = listing()
                return { respond(response, .notApplicable) }
            }, refused: { error in respond(ErrorMapping.response(ErrorMapping.outcome(for: error)), .notApplicable) })
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
    private func plan(_ parsed: ImageRequest, _ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void) {
        let pipeline = image.pipeline
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
