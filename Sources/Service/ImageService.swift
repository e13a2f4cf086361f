import Cache
import Foundation
import HTTP1
import Layout
import Logging
import Origins
import Render
import Sources
import Vips

/// The running service: the HTTP server, its routes (one table: see `ImageService+Routes.swift`),
/// the executor's lanes and the access log, wired from one `ServiceConfiguration`.
public final class ImageService: Sendable {
    public let configuration: ServiceConfiguration
    private let server: HTTPServer
    /// The listener of `metrics.listen`, serving `/metrics` and `POST /admin/purge` alone.
    private let metricsServer: HTTPServer?
    /// The listener of `health.listen`, serving `/healthz` and `/readyz` alone: no flood of the public
    /// port, however many connections it opens, reaches it.
    private let healthServer: HTTPServer?
    private let executor: Executor
    /// The result cache (its statistics count hits, misses, evictions, errors and bytes).
    public let cache: ResultCache
    /// Renders and other service counters.
    public let statistics = ServiceStatistics()
    let metrics = ServiceMetrics()
    /// Refuses new renders while the process is above its memory high-water mark.
    public let memory: MemoryGovernor

    /// Builds the service; throws when libvips cannot start.
    /// - Parameter cacheFaults: test hook that makes cache writes fail (see `ResultCache.FaultPoint`).
    public init(
        configuration: ServiceConfiguration, logger: Logger = Logger(label: "imgframe"),
        cacheFaults: (@Sendable (ResultCache.FaultPoint) -> Int32?)? = nil
    ) throws(VipsError) {
        self.configuration = configuration
        let metrics = self.metrics
        let memory = MemoryGovernor(highWater: configuration.effectiveMemoryHighWater)
        self.memory = memory
        let executor = Executor(
            renderWorkers: configuration.workers, heavyRenders: configuration.heavyWorkers, ioWorkers: configuration.ioWorkers,
            originFetches: configuration.originFetches, queueLength: configuration.queueLength, queueTimeout: configuration.queueTimeout,
            metrics: metrics)
        let renderer = try configuration.makeRenderer(keepingDerivedSources: true)
        // Before the first request: each worker's Pango font map then sees the brand fonts.
        do {
            let families = try configuration.loadFonts()
            if !families.isEmpty { logger.info("brand fonts from \(configuration.fonts ?? ""): \(families.joined(separator: ", "))") }
        } catch {
            logger.error("\(error): Font.custom answers 400 for the brand families")
        }
        let cache = ResultCache(
            configuration: .init(
                directory: configuration.cacheDirectory, maxBytes: configuration.cacheMaxBytes, fsync: configuration.cacheFsync,
                hotBytes: configuration.cacheHotBytes),
            logger: logger, faults: cacheFaults)
        self.cache = cache
        let origins =
            configuration.origins.origins.isEmpty
            ? nil
            : OriginSources(
                .init(
                    map: configuration.origins, directory: configuration.originsCacheDirectory ?? configuration.cacheDirectory + "/originals",
                    budgetBytes: configuration.originsCacheBytes, revalidateAfter: configuration.originsRevalidateAfter,
                    connectTimeout: configuration.originsConnectTimeout, totalTimeout: configuration.originsTimeout,
                    maxBytes: configuration.render.maxSourceBytes,
                    environment: configuration.environment))
        let tier = Self.resultTier(configuration, registry: metrics.registry, logger: logger)
        let sources = SourceResolver(directory: SourceDirectory(root: configuration.root), origins: origins)
        let identities = IdentityMemo(validity: configuration.sourceCheck)
        var pipeline = ImagePipeline(
            renderer: renderer, sources: sources, executor: executor, cache: cache, identities: identities,
            negotiation: FormatNegotiation(jxl: configuration.jxl, avif: configuration.avif, webp: configuration.webp),
            fontsVersion: configuration.fontsVersion(), cacheControl: configuration.cacheControl, logger: logger, statistics: statistics,
            metrics: metrics,
            memory: memory, tier: tier)
        pipeline.fallback = configuration.fallback.map { FallbackImage(path: $0, maxAge: configuration.fallbackMaxAge) }
        if configuration.clientHints {
            pipeline.clientHints = ClientHints(
                saveDataStep: configuration.saveDataStep, maxScale: configuration.spec.maxScale, maxWidth: configuration.render.maxOutputSide)
        }
        let presets = PresetPolicy(table: configuration.presets, presetsOnly: configuration.presetsOnly, signed: !configuration.signingKeys.isEmpty)
        let route = ImageRoute(pipeline: pipeline, specs: SpecMemo(limits: configuration.spec, presets: presets))
        let templates = TemplateFolder(path: configuration.templates, limits: configuration.spec)
        if !templates.directory.isReadable {
            logger.warning("templates folder \(configuration.templates) cannot be read: /view/ answers 404 (set templates)")
        }
        let view = ViewRoute(
            templates: templates, pipeline: pipeline, limits: configuration.spec, presets: presets, templateCheck: configuration.sourceCheck)
        let compat = Self.compatRoutes(configuration, pipeline: pipeline)
        let playground =
            configuration.playground ? PlaygroundRoute(image: route, view: view, compat: compat, signing: !configuration.signingKeys.isEmpty) : nil
        let info = InfoRoute(pipeline: pipeline, specs: route.specs)
        let accessLog = AccessLog(logger: logger)
        var serverConfiguration = configuration.server
        serverConfiguration.errorResponse = { status in ErrorMapping.response(status: status, message: status.reason) }
        serverConfiguration.probePaths = Self.probePaths
        let signer = URLSigner(keys: configuration.signingKeys)
        if !signer.isEnabled { logger.warning("URL signing is off: anyone can request any transformation (set signing.keys)") }
        self.executor = executor
        let statistics = self.statistics
        let box = ServerBox()
        let exposition: @Sendable () -> HTTPResponse = {
            let text = metrics.exposition(
                cache: cache, executor: executor, statistics: statistics, memory: memory, derived: renderer.derivedSources?.statistics,
                connections: box.server?.connectionCount ?? 0)
            return HTTPResponse(
                status: .ok, headers: [("Content-Type", "text/plain; version=0.0.4; charset=utf-8"), ("Cache-Control", "no-store")],
                body: Array(text.utf8))
        }
        // With signing on, the public port serves only signed images: metrics go to their own listener.
        let metricsOnMainPort = configuration.metricsListen == nil && !signer.isEnabled
        if configuration.metricsListen == nil && signer.isEnabled {
            logger.warning("/metrics is not served: signing is on, so set metrics.listen (e.g. 0.0.0.0:9090) to expose it on a port of its own")
        }
        let routes = Self.routes(
            RouteContext(
                image: route, view: view, info: info, playground: playground,
                compat: compat, sources: sources.directory, signer: signer, cors: configuration.cors,
                logger: logger, exposition: metricsOnMainPort ? exposition : nil))
        let server = HTTPServer(configuration: serverConfiguration) { request, respond in
            let clock = ContinuousClock()
            let start = clock.now
            routes.dispatch(request) { response, cache, route in
                let milliseconds = (clock.now - start).milliseconds
                accessLog.record(request, response, milliseconds: milliseconds, cache: cache)
                metrics.request(route: route, status: response.status.code, seconds: milliseconds / 1000)
                respond(response)
            }
        }
        box.server = server
        self.server = server
        // Purges only where operators reach: the metrics listener, never the public port.
        let purge = PurgeRoute(cache: cache, tier: tier, identities: identities, origins: origins, signer: signer, logger: logger)
        metricsServer = configuration.metricsListen.map { listen in
            Self.sideServer(serverConfiguration, listen: listen, routes: Self.metricsRoutes(exposition, purge: purge))
        }
        healthServer = configuration.healthListen.map { listen in
            let routes = RouteTable(
                routes: Self.healthRoutes(sources: sources.directory),
                notFound: ErrorMapping.response(status: .notFound, message: "only /healthz and /readyz are served here"))
            return Self.sideServer(serverConfiguration, listen: listen, routes: routes)
        }
    }

    /// A listener of its own at `listen` (`metrics.listen`, `health.listen`), serving `routes` alone
    /// with the public listener's limits.
    private static func sideServer(_ configuration: ServerConfiguration, listen: ListenAddress, routes: RouteTable) -> HTTPServer {
        var side = configuration
        side.host = listen.host
        side.port = listen.port
        side.probePaths = []  // every connection is served as it is: no reserve to keep
        return HTTPServer(configuration: side) { request, respond in routes.dispatch(request) { response, _, _ in respond(response) } }
    }

    /// Lets the handler read the server's connection count (the server is built after its handler).
    private final class ServerBox: @unchecked Sendable {
        // Set once, before the server starts; read-only afterwards.
        var server: HTTPServer?
    }

    /// Scans the cache (in the background) and starts listening; throws when the address cannot be bound.
    public func start() throws(SocketError) {
        cache.start()
        try metricsServer?.start()
        try healthServer?.start()
        try server.start()
    }

    /// `http://HOST:PORT` as bound (the actual port when configured as 0).
    public var url: String { server.url }

    public var port: Int { server.port }

    /// `http://HOST:PORT` of the metrics listener, when `metrics.listen` is set.
    public var metricsURL: String? { metricsServer?.url }

    /// `http://HOST:PORT` of the health listener, when `health.listen` is set.
    public var healthURL: String? { healthServer?.url }

    /// Graceful drain: stop accepting, finish in-flight requests within the configured deadline, then
    /// stop the render threads and call `completion`.
    public func shutdown(completion: @escaping @Sendable () -> Void) {
        server.shutdown(deadline: configuration.drainTimeout) { [executor, metricsServer, healthServer] in
            executor.stop()
            // Probes are answered until the public listener has drained; then the side listeners go.
            let sides = [metricsServer, healthServer].compactMap { $0 }
            guard !sides.isEmpty else { return completion() }
            let group = DispatchGroup()
            for side in sides {
                group.enter()
                side.shutdown(deadline: Limits.sideListenerDrainTimeout) { group.leave() }
            }
            group.notify(queue: .global(), execute: completion)
        }
    }

    /// The shared result tier the configuration names, or `nil` (none configured, or its
    /// credentials not to be had: then the service runs without it, and says so).
    private static func resultTier(_ configuration: ServiceConfiguration, registry: MetricsRegistry, logger: Logger) -> ResultTier? {
        guard let bucket = configuration.resultTier else { return nil }
        do {
            let settings = ResultTier.Settings(
                bucket: bucket, timeout: configuration.resultTierTimeout, minRenderTime: configuration.resultTierMinRenderTime)
            return try ResultTier(
                settings, environment: configuration.environment, connectTimeout: configuration.resultTierTimeout, registry: registry, logger: logger)
        } catch {
            logger.error("result_tier \(bucket.displayName) is off: \(error.description)")
            return nil
        }
    }
}
