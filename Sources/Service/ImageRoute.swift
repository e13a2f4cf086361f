import Cache
import CheckedConversion
import Foundation
import HTTP1
import Layout
import Logging
import Render
import Sources
import Synchronization
import TransformSpec
import Vips

/// `GET|HEAD /img/{path}?{query}`: parse, resolve the sources, answer `If-None-Match` and cache hits
/// without rendering; otherwise render once per key on the worker pool (identical concurrent misses
/// share it), store the result and answer with the image and its caching headers. View templates
/// (`ViewRoute`) make their own spec and are served from `serve` the same way.
struct ImageRoute: Sendable {
    let renderer: Renderer
    let sources: SourceResolver
    let pool: WorkerPool
    let cache: ResultCache
    let flights: SingleFlight
    let specs: SpecMemo
    let identities: IdentityMemo
    let negotiation: FormatNegotiation
    let cacheControl: String
    let logger: Logger
    let statistics: ServiceStatistics
    let metrics: ServiceMetrics

    /// Answers through `respond` (once); the second argument is the cache status for the access log.
    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void) {
        do {
            let (spec, canonical) = try specs.spec(path: request.path, query: request.query)
            serve(spec, canonical: canonical, request, respond: respond)
        } catch {
            respond(Self.errorResponse(error, logger: logger), .notApplicable)
        }
    }

    /// Answers a parsed request: `canonical` is `spec.canonicalForm` (the cache key's input). Runs on
    /// the connection's event loop: a recently checked identity answers a 304 or a hit from the hot
    /// set there at once; anything that touches the file system (sources, cache files, which may be
    /// large and are verified as they are read) moves off the loop first.
    func serve(
        _ spec: TransformSpec, canonical: String, _ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void
    ) {
        let formats = spec.format == .auto ? negotiation.preferred(accept: request.headers["Accept"]) : []
        let memoKey = IdentityMemo.Key(canonical: canonical, formats: formats.map(\.rawValue))
        // A recently checked identity answers 304s and hits without touching the sources or hashing.
        let remembered = identities.recent(memoKey)
        if let remembered, answer(spec, remembered, request, fromDisk: false, respond: respond) { return }
        DispatchQueue.global().async { [self] in
            serveFromDisk(spec, canonical: canonical, formats: formats, memoKey: memoKey, remembered: remembered, request, respond: respond)
        }
    }

    private func serveFromDisk(
        _ spec: TransformSpec, canonical: String, formats: [ImageFormat], memoKey: IdentityMemo.Key, remembered: IdentityMemo.Identity?,
        _ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void
    ) {
        do {
            if let remembered, answer(spec, remembered, request, fromDisk: true, respond: respond) { return }
            let sources = try resolveSources(spec, request)
            let identity = RequestIdentity(canonical: canonical, sources: sources.map(\.1), formats: memoKey.formats)
            let checked = IdentityMemo.Identity(key: identity.key, etag: identity.etag)
            identities.remember(memoKey, checked)
            // The same identity was already looked up (and missed) above: do not count it twice.
            if checked.key != remembered?.key, answer(spec, checked, request, fromDisk: true, respond: respond) { return }
            let key = checked.key
            guard flights.join(key, respond) else { return }
            let opened = Dictionary(sources, uniquingKeysWith: { first, _ in first })
            render(spec, formats: formats, opened: opened, key: key, etag: checked.etag, headers: cachingHeaders(spec, etag: checked.etag))
        } catch {
            respond(Self.errorResponse(error, logger: logger), .notApplicable)
        }
    }

    /// Every image the spec names, opened and checked (`realpath`, `open`, `fstat`).
    /// Originals from origins are all fetched by one deadline, `origins.timeout` from now.
    private func resolveSources(_ spec: TransformSpec, _ request: HTTPRequest) throws -> [(ImageRef, ResolvedSource)] {
        let deadline = sources.origins?.deadline()
        return try spec.view.imageRefs.map { ref throws -> (ImageRef, ResolvedSource) in
            do {
                return (ref, try sources.source(for: ref, primary: spec.source, scale: spec.scale, deadline: deadline))
            } catch SourceError.notFound(let name) where ref != .primary {
                throw MissingImage(name: name, parameter: Self.parameter(naming: name, query: String(request.query)))
            }
        }
    }

    private func cachingHeaders(_ spec: TransformSpec, etag: String) -> HTTPHeaders {
        var headers: HTTPHeaders = [("ETag", etag), ("Cache-Control", cacheControl)]
        if spec.format == .auto && negotiation.dependsOnAccept { headers.add("Vary", "Accept") }
        return headers
    }

    /// Answers without rendering when it can: `304` for a matching `If-None-Match`, or the cached
    /// result (from the hot set only, unless `fromDisk`). False when it cannot.
    private func answer(
        _ spec: TransformSpec, _ identity: IdentityMemo.Identity, _ request: HTTPRequest, fromDisk: Bool,
        respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void
    ) -> Bool {
        var headers = cachingHeaders(spec, etag: identity.etag)
        if let condition = request.headers["If-None-Match"], ETag.matches(condition, identity.etag) {
            respond(HTTPResponse(status: .notModified, headers: headers), .revalidated)
            return true
        }
        let found = fromDisk ? cache.lookup(identity.key, streamingAbove: Limits.streamedHitBytes) : cache.lookupInMemory(identity.key)
        guard let hit = found else { return false }
        headers.add("Content-Type", hit.contentType)
        headers.add("X-Cache", CacheStatus.hit.rawValue)
        respond(Self.response(headers: headers, body: hit.body), .hit)
        return true
    }

    /// Prepares the render here (sources' headers, layout, every cost checked: a render that could not
    /// finish within the deadline is refused at once, without a worker), then renders on the pool, in
    /// the heavy lane when its estimate is over `Limits.heavyRenderShare` of the deadline; stores the
    /// result and answers everyone waiting for `key`.
    private func render(
        _ spec: TransformSpec, formats: [ImageFormat], opened: [ImageRef: ResolvedSource], key: CacheKey, etag: String, headers cachingHeaders: HTTPHeaders
    ) {
        statistics.renderCount.add(1, ordering: .relaxed)
        let prepared: PreparedRender
        do {
            prepared = try renderer.prepare(spec.renderRequest, sources: opened, autoFormats: formats)
        } catch {
            flights.complete(key, Self.errorResponse(error, logger: logger), cache: .notApplicable)
            return
        }
        let heavy = prepared.cost.milliseconds > (renderer.limits.timeout ?? Limits.renderTimeout).milliseconds * Limits.heavyRenderShare
        let submitted = ContinuousClock.now
        let job: WorkerPool.Job = { [renderer, cache, flights, logger, metrics] in
            metrics.queueWait(seconds: (ContinuousClock.now - submitted).milliseconds / 1000)
            logger.debug("render started: \(spec.canonicalForm)")
            let response: HTTPResponse
            let status: CacheStatus
            do {
                // A result finished past its deadline never gets here: the renderer throws `timedOut`.
                let image = try renderer.render(prepared)
                metrics.render(image.timings)
                cache.store(CacheEntry(contentType: image.format.contentType, etag: etag, created: Int(saturating: Date().timeIntervalSince1970), body: image.bytes), for: key)
                var headers = cachingHeaders
                headers.add("Content-Type", image.format.contentType)
                headers.add("X-Cache", CacheStatus.miss.rawValue)
                headers.add("Server-Timing", Self.serverTiming(image.timings))
                (response, status) = (HTTPResponse(status: .ok, headers: headers, body: image.bytes), .miss)
            } catch {
                (response, status) = (Self.errorResponse(error, logger: logger), .notApplicable)
            }
            return { flights.complete(key, response, cache: status) }
        }
        let accepted = pool.submit(job, heavy: heavy) { [flights, metrics] in
            metrics.refusal(reason: "queue_timeout")
            flights.complete(key, ErrorMapping.response(ErrorMapping.outcome(for: RequestError.queueTimedOut)), cache: .notApplicable)
        }
        guard !accepted else { return }
        // Refused at once (the queue is full), but answered only after `queueTimeout`, as if it had
        // waited in vain: a client that retries the moment it is answered then costs one cheap
        // refusal per `queueTimeout`, not a busy loop of them that takes CPU from the renders.
        metrics.refusal(reason: "queue_full")
        DispatchQueue.global().asyncAfter(deadline: .now() + DispatchTimeInterval(pool.queueTimeout)) { [flights] in
            flights.complete(key, ErrorMapping.response(ErrorMapping.outcome(for: RequestError.overloaded)), cache: .notApplicable)
        }
    }

    /// The query parameter that asked for the image `name`: `overlay` when it is the overlay, else
    /// `chain` (an `Image("name")` in it), else `path` (a view template's own image).
    static func parameter(naming name: String, query: String) -> String {
        let parameters = try? QueryParameters(query: query)
        if parameters?["overlay"].map(ByteKey.init) == ByteKey(name) { return "overlay" }
        return parameters?["chain"] != nil ? "chain" : "path"
    }

    static func errorResponse(_ error: Error, logger: Logger) -> HTTPResponse {
        let outcome = ErrorMapping.outcome(for: error)
        if outcome.isServerFault { logger.error("request failed: \(error)") }
        if let detail = outcome.logDetail { logger.warning("\(detail)") }
        return ErrorMapping.response(outcome)
    }

    /// `Server-Timing: open;dur=…, layout;dur=…, pipeline;dur=…, encode;dur=…` (milliseconds), each
    /// stage named by what it times: libvips computes pixels lazily, so `open` reads only headers,
    /// `pipeline` only assembles operations, and decoding and resampling happen inside `encode`.
    static func serverTiming(_ timings: RenderTimings) -> String {
        [("open", "open sources, read headers", timings.decode), ("layout", "layout", timings.layout),
         ("pipeline", "assemble image operations", timings.render), ("encode", "decode, resample, composite, encode", timings.encode)]
            .map { "\($0.0);desc=\"\($0.1)\";dur=\(String(format: "%.1f", $0.2))" }
            .joined(separator: ", ")
    }
}
