import CheckedConversion
import Foundation
import HTTP1
import Layout
import Logging
import PlanJSON
import Render
import Sources
import Vips

extension ImageService {
    /// What the routes of the public listener are built from.
    struct RouteContext: Sendable {
        let image: ImageRoute
        let view: ViewRoute
        let info: InfoRoute
        let playground: PlaygroundRoute?
        /// imgproxy's and thumbor's URL formats, each under its prefix (none when off).
        let compat: [CompatRoute]
        let sources: SourceDirectory
        let signer: URLSigner
        let cors: CORSPolicy
        let logger: Logger
        /// Serves `/metrics` on this listener (no `metrics.listen` and signing off).
        let exposition: (@Sendable () -> HTTPResponse)?
    }

    /// Liveness: 200 while the process runs.
    static let livenessPath = "/healthz"
    /// Readiness: 200 once libvips has started and the source root is readable, else 503.
    static let readinessPath = "/readyz"
    /// The health probes, which the server answers in its probe reserve too: with every connection
    /// slot taken (by idle clients, say), a probe is still served (`ServerConfiguration.probeConnections`).
    static let probePaths: Set<String> = [livenessPath, readinessPath]

    /// The public listener's routes, in the order they are matched.
    static func routes(_ context: RouteContext) -> RouteTable {
        var routes: [Route] = []
        if let exposition = context.exposition { routes.append(metricsRoute(exposition)) }
        if let playground = context.playground {
            routes.append(
                Route(.other, .exact("/"), .prefix(PlaygroundRoute.prefix)) { request, finish in playground.handle(request, respond: finish) })
        }
        routes += healthRoutes(sources: context.sources)
        routes.append(imageRoute(.view, .prefix(ViewRoute.prefix), context) { request, finish in context.view.handle(request, respond: finish) })
        routes.append(
            imageRoute(.info, .prefix(InfoRoute.prefix), context, download: false) { request, finish in context.info.handle(request, respond: finish)
            })
        routes.append(imageRoute(.img, .prefix(ImagePath.prefix), context) { request, finish in context.image.handle(request, respond: finish) })
        for compat in context.compat {
            // Signed by their own system's rules (`CompatRoute.verify`), not by `sig=`.
            routes.append(
                imageRoute(.img, .prefix(compat.prefix), context, download: false, nativeSignature: false) { request, finish in
                    compat.handle(request, respond: finish)
                })
        }
        return RouteTable(routes: routes)
    }

    /// `/healthz` and `/readyz`: on the public listener, and alone on `health.listen`'s.
    static func healthRoutes(sources: SourceDirectory) -> [Route] {
        [
            Route(.healthz, .exact(livenessPath)) { _, finish in finish(status(.ok, ["status": "ok"]), .notApplicable) },
            Route(.readyz, .exact(readinessPath)) { _, finish in
                let ready = Vips.isReady && sources.isReadable
                let fields = [
                    "status": ready ? "ready" : "not ready", "libvips": Vips.isReady ? "ready" : "not started",
                    "root": sources.isReadable ? "readable" : "unreadable",
                ]
                finish(status(ready ? .ok : .serviceUnavailable, fields), .notApplicable)
            },
        ]
    }

    /// The metrics listener's routes: `/metrics` and the signed purges.
    static func metricsRoutes(_ exposition: @escaping @Sendable () -> HTTPResponse, purge: PurgeRoute) -> RouteTable {
        RouteTable(
            routes: [metricsRoute(exposition), purge.route],
            notFound: ErrorMapping.response(status: .notFound, message: "only /metrics and POST \(PurgeRoute.path) are served here"))
    }

    private static func metricsRoute(_ exposition: @escaping @Sendable () -> HTTPResponse) -> Route {
        Route(.metrics, .exact("/metrics")) { _, finish in finish(exposition(), .notApplicable) }
    }

    /// `/img/`, `/view/` and `/info/`: they answer OPTIONS (CORS preflights carry no signature), every
    /// other answer of theirs carries the CORS headers, and the signature is checked before the handler.
    /// - Parameters:
    ///   - download: whether `dl=` applies (it only adds a header to a successful image).
    ///   - nativeSignature: whether `sig=` is checked when signing is on (compat routes check their own).
    private static func imageRoute(
        _ label: RouteLabel, _ pattern: PathPattern, _ context: RouteContext, download: Bool = true, nativeSignature: Bool = true,
        handle: @escaping @Sendable (HTTPRequest, @escaping Finish) -> Void
    ) -> Route {
        let cors = context.cors
        return Route(
            label, pattern, methods: CORSPolicy.methods,
            wrap: { request, finish in
                // A preflight's answer carries its own CORS headers.
                guard request.method != .options else { return finish }
                let requested = download ? ContentDisposition.requested(in: request.query) : nil
                // A signed URL that expires: caches keep its answer no longer than it verifies.
                let expires = context.signer.isEnabled && nativeSignature ? URLSigner.expiry(in: request.query) : nil
                // Nothing to add (CORS off, no `dl=`, no expiry): the answer goes out as it is, unwrapped.
                if case .none = cors.origins, requested == nil, expires == nil { return finish }
                let origin = request.headers["Origin"]
                let path = request.path
                return { response, cache in
                    var response = response
                    cors.apply(to: &response, origin: origin)
                    if let expires, let cacheControl = response.headers["Cache-Control"], response.status == .ok || response.status == .notModified {
                        let left = expires - Int(saturating: Date().timeIntervalSince1970)
                        response.headers.set("Cache-Control", ExpiringCacheControl.bounded(cacheControl, secondsLeft: left))
                    }
                    if let requested {
                        ContentDisposition.apply(
                            to: &response, requested: requested,
                            sourceName: path.hasPrefix(ViewRoute.prefix)
                                ? ViewRoute.templateName(fromTarget: path) : (try? ImagePath.sourceName(fromTarget: path)) ?? "image")
                    }
                    finish(response, cache)
                }
            },
            handle: { request, finish in
                if request.method == .options { return finish(cors.preflight(request), .notApplicable) }
                guard !nativeSignature || verifySignature(request, context) else {
                    return finish(ErrorMapping.response(status: .forbidden, message: "forbidden"), .notApplicable)
                }
                handle(request, finish)
            })
    }

    /// Checked before the handler and refused without detail: a refused request learns nothing. The
    /// reason goes to the log (at info: a refusal is the client's doing, not a fault of ours).
    private static func verifySignature(_ request: HTTPRequest, _ context: RouteContext) -> Bool {
        guard context.signer.isEnabled else { return true }
        let path = request.path
        let verdict = context.signer.verify(path: path, query: request.query, now: Int(saturating: Date().timeIntervalSince1970))
        guard verdict == .valid else {
            context.logger.info(
                "403 \(path): signature \(verdict.reason)", metadata: ["url.path": "\(path)", "imgframe.signature.failure": "\(verdict.reason)"])
            return false
        }
        return true
    }

    private static func status(_ status: HTTPStatus, _ fields: [String: String]) -> HTTPResponse {
        let body = JSONValue.object(fields.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).serialized() + "\n"
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array(body.utf8))
    }
}
