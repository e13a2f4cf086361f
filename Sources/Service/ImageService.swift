import Cache
import Foundation
import HTTP1
import Layout
import Logging
import Render
import Vips

/// The running service: the HTTP server, its routes (`/img/…`, `/view/…`, `/healthz`, `/readyz`),
/// the render pool and the access log, wired from one `ServiceConfiguration`.
public final class ImageService: Sendable {
    public let configuration: ServiceConfiguration
    private let server: HTTPServer
    /// The listener of `metrics.listen`, serving `/metrics` alone.
    private let metricsServer: HTTPServer?
    private let pool: WorkerPool
    /// The result cache (its statistics count hits, misses, evictions, errors and bytes).
    public let cache: ResultCache
    /// Renders and other service counters.
    public let statistics = ServiceStatistics()
    let metrics = ServiceMetrics()

    /// Builds the service; throws when libvips cannot start.
    /// - Parameter cacheFaults: test hook that makes cache writes fail (see `ResultCache.FaultPoint`).
    public init(
        configuration: ServiceConfiguration, logger: Logger = Logger(label: "imgframe"),
        cacheFaults: (@Sendable (ResultCache.FaultPoint) -> Int32?)? = nil
    ) throws(VipsError) {
        self.configuration = configuration
        try Vips.start()
        Vips.allowUntrustedLoaders(configuration.untrustedLoaders)
        Vips.boundResources(cacheMemory: Limits.vipsCacheMemory, threadsPerImage: Limits.vipsThreadsPerImage)
        let pool = WorkerPool(workers: configuration.workers, queueLength: configuration.queueLength, queueTimeout: configuration.queueTimeout)
        let renderer = try Renderer(
            sources: SourceDirectory(root: configuration.root), options: RenderOptions(progressiveJPEG: configuration.progressiveJPEG, pdfImageScale: configuration.pdfImageScale),
            limits: configuration.render)
        let cache = ResultCache(
            configuration: .init(directory: configuration.cacheDirectory, maxBytes: configuration.cacheMaxBytes, fsync: configuration.cacheFsync,
                hotBytes: configuration.cacheHotBytes),
            logger: logger, faults: cacheFaults)
        self.cache = cache
        let route = ImageRoute(
            renderer: renderer, pool: pool, cache: cache, flights: SingleFlight(), specs: SpecMemo(limits: configuration.spec),
            identities: IdentityMemo(validity: configuration.sourceCheck),
            negotiation: FormatNegotiation(avif: configuration.avif, webp: configuration.webp),
            cacheControl: configuration.cacheControl, logger: logger, statistics: statistics, metrics: metrics)
        let templates = TemplateFolder(path: configuration.templates, limits: configuration.spec)
        if !templates.directory.isReadable {
            logger.warning("templates folder \(configuration.templates) cannot be read: /view/ answers 404 (set templates)")
        }
        let view = ViewRoute(templates: templates, image: route)
        let playground = configuration.playground ? PlaygroundRoute(image: route, signing: !configuration.signingKeys.isEmpty) : nil
        let info = InfoRoute(sources: renderer.sources, limits: configuration.render, cacheControl: configuration.cacheControl)
        let accessLog = AccessLog(logger: logger)
        var serverConfiguration = configuration.server
        serverConfiguration.errorResponse = { status in ErrorMapping.response(status: status, message: status.reason) }
        let sources = renderer.sources
        let cors = configuration.cors
        let signer = URLSigner(keys: configuration.signingKeys)
        if !signer.isEnabled { logger.warning("URL signing is off: anyone can request any transformation (set signing.keys)") }
        self.pool = pool
        let metrics = self.metrics
        let statistics = self.statistics
        let box = ServerBox()
        let exposition: @Sendable () -> HTTPResponse = {
            let text = metrics.exposition(cache: cache, pool: pool, statistics: statistics, connections: box.server?.connectionCount ?? 0)
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Array(text.utf8))
        }
        // With signing on, the public port serves only signed images: metrics go to their own listener.
        let metricsOnMainPort = configuration.metricsListen == nil && !signer.isEnabled
        if configuration.metricsListen == nil && signer.isEnabled {
            logger.warning("/metrics is not served: signing is on, so set metrics.listen (e.g. 0.0.0.0:9090) to expose it on a port of its own")
        }
        let server = HTTPServer(configuration: serverConfiguration) { request, respond in
            let clock = ContinuousClock()
            let start = clock.now
            let finish: @Sendable (HTTPResponse, String) -> Void = { response, cache in
                let elapsed = clock.now - start
                let milliseconds = elapsed.milliseconds
                accessLog.record(request, response, milliseconds: milliseconds, cache: cache)
                metrics.request(route: ServiceMetrics.route(request.path), status: response.status.code, seconds: milliseconds / 1000)
                respond(response)
            }
            if metricsOnMainPort, Self.isMetricsRequest(request) { return finish(exposition(), "-") }
            if let playground, PlaygroundRoute.handles(request.path) { return Self.route(request, playground: playground, finish: finish) }
            Self.route(request, image: route, view: view, info: info, sources: sources, signer: signer, cors: cors, logger: logger, finish: finish)
        }
        box.server = server
        self.server = server
        metricsServer = configuration.metricsListen.map { listen in
            var metricsConfiguration = serverConfiguration
            metricsConfiguration.host = listen.host
            metricsConfiguration.port = listen.port
            return HTTPServer(configuration: metricsConfiguration) { request, respond in
                respond(Self.isMetricsRequest(request) ? exposition() : ErrorMapping.response(status: .notFound, message: "only /metrics is served here"))
            }
        }
    }

    private static func isMetricsRequest(_ request: HTTPRequest) -> Bool {
        request.path == "/metrics" && (request.method == "GET" || request.method == "HEAD")
    }

    /// Lets the handler read the server's connection count (the server is built after its handler).
    private final class ServerBox: @unchecked Sendable {
        // Set once, before the server starts; read-only afterwards.
        var server: HTTPServer?
    }

    private static func route(
        _ request: HTTPRequest, image: ImageRoute, view: ViewRoute, info: InfoRoute, sources: SourceDirectory, signer: URLSigner, cors: CORSPolicy,
        logger: Logger, finish: @escaping @Sendable (HTTPResponse, String) -> Void
    ) {
        let path = request.path
        let isImageRoute = path.hasPrefix(ImagePath.prefix) || path.hasPrefix(ViewRoute.prefix) || path.hasPrefix(InfoRoute.prefix)
        let known = path == "/healthz" || path == "/readyz" || isImageRoute
        guard known else { return finish(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.notFound)), "-") }
        // Image routes answer OPTIONS (CORS preflights carry no signature) and every answer of theirs,
        // errors included, carries the CORS headers, so a front end can read why a request failed.
        if isImageRoute && request.method == "OPTIONS" { return finish(cors.preflight(request), "-") }
        let origin = request.headers["Origin"]
        // `dl=` only adds a header to a successful image, so it is applied here, after the route.
        let isInfo = path.hasPrefix(InfoRoute.prefix)
        let download = isImageRoute && !isInfo ? ContentDisposition.requested(in: request.query) : nil
        let downloadName = path.hasPrefix(ViewRoute.prefix) ? ViewRoute.templateName(fromTarget: path) : (try? ImagePath.sourceName(fromTarget: path)) ?? "image"
        let plainFinish = finish
        let finish: @Sendable (HTTPResponse, String) -> Void = { response, cache in
            guard isImageRoute else { return plainFinish(response, cache) }
            var response = response
            cors.apply(to: &response, origin: origin)
            if response.status == .ok, let download, let contentType = response.headers["Content-Type"] {
                response.headers.set("Content-Disposition", ContentDisposition.header(requested: download, sourceName: downloadName, contentType: contentType))
            }
            plainFinish(response, cache)
        }
        guard request.method == "GET" || request.method == "HEAD" else {
            var response = ErrorMapping.response(ErrorMapping.outcome(for: RequestError.methodNotAllowed))
            if isImageRoute { response.headers.set("Allow", CORSPolicy.allowedMethods) }
            return finish(response, "-")
        }
        switch path {
        case "/healthz":
            finish(status(.ok, ["status": "ok"]), "-")
        case "/readyz":
            let ready = Vips.isReady && sources.isReadable
            finish(status(ready ? .ok : .serviceUnavailable, ["status": ready ? "ready" : "not ready", "libvips": Vips.isReady ? "ready" : "not started", "root": sources.isReadable ? "readable" : "unreadable"]), "-")
        default:
            // Checked first and answered without detail: a refused request learns nothing. The reason
            // goes to the log (at info: a refusal is the client's doing, not a fault of ours).
            if signer.isEnabled {
                let verdict = signer.verify(path: path, query: request.query, now: Int(Date().timeIntervalSince1970))
                guard verdict == .valid else {
                    logger.info(
                        "403 \(path): signature \(verdict.reason)",
                        metadata: ["url.path": "\(path)", "imgframe.signature.failure": "\(verdict.reason)"])
                    return finish(ErrorMapping.response(status: .forbidden, message: "forbidden"), "-")
                }
            }
            if path.hasPrefix(ViewRoute.prefix) { return view.handle(request, respond: finish) }
            if path.hasPrefix(InfoRoute.prefix) { return info.handle(request, respond: finish) }
            image.handle(request, respond: finish)
        }
    }

    /// `/` and `/playground/…`, when the playground is on (see `PlaygroundRoute`).
    private static func route(_ request: HTTPRequest, playground: PlaygroundRoute, finish: @escaping @Sendable (HTTPResponse, String) -> Void) {
        guard request.method == "GET" || request.method == "HEAD" else {
            return finish(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.methodNotAllowed)), "-")
        }
        playground.handle(request, respond: finish)
    }

    private static func status(_ status: HTTPStatus, _ fields: [String: String]) -> HTTPResponse {
        let body = JSONValue.object(fields.sorted { $0.key < $1.key }.map { ($0.key, .string($0.value)) }).serialized() + "\n"
        return HTTPResponse(status: status, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array(body.utf8))
    }

    /// Scans the cache (in the background) and starts listening; throws when the address cannot be bound.
    public func start() throws(SocketError) {
        cache.start()
        try metricsServer?.start()
        try server.start()
    }

    /// `http://HOST:PORT` as bound (the actual port when configured as 0).
    public var url: String { server.url }

    public var port: Int { server.port }

    /// `http://HOST:PORT` of the metrics listener, when `metrics.listen` is set.
    public var metricsURL: String? { metricsServer?.url }

    /// Graceful drain: stop accepting, finish in-flight requests within the configured deadline, then
    /// stop the render threads and call `completion`.
    public func shutdown(completion: @escaping @Sendable () -> Void) {
        server.shutdown(deadline: configuration.drainTimeout) { [pool, metricsServer] in
            pool.stop()
            guard let metricsServer else { return completion() }
            metricsServer.shutdown(deadline: .seconds(1), completion: completion)
        }
    }
}
