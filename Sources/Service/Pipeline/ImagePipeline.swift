import Cache
import CheckedConversion
import Foundation
import HTTP1
import Logging
import Render
import Sources
import TransformSpec

/// How `/img`, `/view` and `/info` answer once their request is parsed into an `ImageJob`, in
/// stages that run in this order:
///
/// 1. **identify** — the sources' current versions give the cache key and ETag: from the identity
///    memo on the event loop when recently checked, else on the I/O lane (`realpath`, `open`,
///    `fstat`, or a fetch from an origin);
/// 2. **conditional / hit** — `304` for a matching `If-None-Match`, or the cached result (the hot
///    set on the loop, the cache file on the I/O lane);
/// 3. **admit** — one render per key (identical concurrent misses share it), its sources' headers
///    read (`Renderer.open`), then a place in the render lane: among the heavy renders when looking
///    at pixels before layout (trims, content focus) is estimated heavy;
/// 4. **prepare**, 5. **render**, 6. **store**, 7. **respond** — on the render lane: trims and
///    layout, every cost checked before a pixel is drawn (`Renderer.prepare`; a render found heavy
///    by a light worker moves once to the heavy renders), drawing and encoding; the answer goes to
///    everyone who joined the render.
///
/// `/info` stops after stage 2: its answer is the source's header, read on the I/O lane. `/info`
/// with placeholders runs every stage, its render worked into placeholders instead of encoded.
struct ImagePipeline: Sendable {
    let renderer: Renderer
    let sources: SourceResolver
    let executor: Executor
    let cache: ResultCache
    let renders = SingleFlight<CacheKey, Answer>()
    let identities: IdentityMemo
    let negotiation: FormatNegotiation
    /// The brand fonts' version (`ServiceConfiguration.fontsVersion`), part of every identity; `nil` without brand fonts.
    let fontsVersion: String?
    let cacheControl: String
    let logger: Logger
    let statistics: ServiceStatistics
    let metrics: ServiceMetrics
    /// Refuses new renders while the process is above its memory high-water mark.
    let memory: MemoryGovernor
    /// The shared result tier (`result_tier`), looked up after the local cache misses; `nil` without one.
    let tier: ResultTier?
    /// Client Hints and `Save-Data` (`client_hints`); `nil` when off.
    var clientHints: ClientHints? = nil
    /// What a missing or undecodable own image is answered with (`fallback`); `nil`: the error.
    var fallback: FallbackImage? = nil

    /// A response and the cache status the access log shows for it.
    struct Answer: Sendable {
        let response: HTTPResponse
        let cache: CacheStatus
    }

    /// Runs `job` through the stages; answers through `job.respond`, exactly once.
    func run(_ job: ImageJob) {
        // 1–2 from memory, on the loop: a recently checked identity answers 304s and hot hits at once.
        let remembered = identities.recent(job.memoKey)
        if let remembered, let answer = answerFromIdentity(job, remembered, fromDisk: false) { return deliver(answer, to: job) }
        toIOLane(job, remembered: remembered)
    }

    /// Stages 1–3 on the I/O lane, among the origin fetches when the job names an image under an origin.
    private func toIOLane(_ job: ImageJob, remembered: IdentityMemo.Identity?) {
        executor.submit(
            .io, heavy: sources.mayFetch(job),
            { [self] in
                let answer = onIOLane(job, remembered: remembered)
                return { if let answer { deliver(answer, to: job) } }
            }, refused: { [self] error in deliver(failure(error), to: job) })
    }

    /// Stages 1–3 on the I/O lane: the answer when there is one now, or `nil` when the job went on
    /// to the render lane (which answers it) or waits for another request's download (and runs again after it).
    private func onIOLane(_ job: ImageJob, remembered: IdentityMemo.Identity?) -> Answer? {
        do {
            if let remembered, let answer = answerFromIdentity(job, remembered, fromDisk: true) { return answer }
            var job = job
            var remembered = remembered
            // An image in an S3 origin: named by its HEAD, looked up before its original is downloaded.
            if case .image = job.product, remembered == nil, let (versions, opened) = try sources.versionsWithoutDownload(job) {
                job.sources = opened
                let identity = identity(job, versions)
                if let answer = answerFromIdentity(job, identity, fromDisk: true) { return answer }
                remembered = identity
            }
            guard let identified = try identify(job) else { return nil }
            // The remembered identity was already looked up (and missed) above: do not count it twice.
            if identified.identity.key != remembered?.key, let answer = answerFromIdentity(job, identified.identity, fromDisk: true) { return answer }
            switch job.product {
            case .info(let request): return try info(identified, name: request.source)
            case .image(let request):
                admit(identified, request.spec)
                return nil
            }
        } catch {
            if fallback(error, job, resolved: job.sources, complete: { [self] answer in deliver(answer, to: job) }) { return nil }
            return failure(error)
        }
    }

    /// Stage 1: every source opened and checked (an origin's originals all by one deadline), and
    /// the identity they give, remembered for `cache.source_check`. `nil` when a source is being
    /// downloaded by another request: the job runs again once that download has ended.
    private func identify(_ job: ImageJob) throws -> IdentifiedJob? {
        let waiting = job
        let resolved = try sources.resolve(job) { [self] ref, result in
            switch result {
            case .success(let source):
                var resumed = waiting
                resumed.sources[ref] = source
                toIOLane(resumed, remembered: nil)
            case .failure(let error):
                if fallback(error, waiting, resolved: waiting.sources, complete: { [self] answer in deliver(answer, to: waiting) }) { return }
                deliver(failure(error), to: waiting)
            }
        }
        guard let resolved else { return nil }
        return IdentifiedJob(job: job, sources: resolved, identity: identity(job, resolved.values.map(SourceVersion.init)))
    }

    /// The identity of `job` with its sources at `versions`, remembered for `cache.source_check`.
    private func identity(_ job: ImageJob, _ versions: [SourceVersion]) -> IdentityMemo.Identity {
        let identity = RequestIdentity(
            canonical: job.bodyCanonical, cacheVersion: job.cacheVersion, sources: versions, formats: job.formats.map(\.rawValue), fonts: fontsVersion
        )
        let tags = PurgeTag.tags(sources: versions.map(\.name), template: job.template)
        let checked = IdentityMemo.Identity(key: identity.key, etag: identity.etag, tags: tags)
        identities.remember(job.memoKey, checked)
        return checked
    }

    /// Stage 2: `304` for a matching `If-None-Match`, or the cached result (the hot set only unless
    /// `fromDisk`, and then the shared tier after the disk: a tier hit is kept on disk); `nil` when
    /// neither answers. `/info` is never cached: only the 304 applies.
    private func answerFromIdentity(_ job: ImageJob, _ identity: IdentityMemo.Identity, fromDisk: Bool) -> Answer? {
        var headers = cachingHeaders(job, identity)
        if let notModified = ConditionalResponse.notModified(ifNoneMatch: job.ifNoneMatch, etag: identity.etag, headers: headers) {
            return Answer(response: notModified, cache: .revalidated)
        }
        guard case .image = job.product else { return nil }
        var found = fromDisk ? cache.lookup(identity.key, streamingAbove: Limits.streamedHitBytes) : cache.lookupInMemory(identity.key)
        var status = CacheStatus.hit
        if found == nil, fromDisk, let tier, let entry = tier.lookup(identity.key) {
            (found, status) = (cache.adopt(entry, for: identity.key), .tierHit)
        }
        guard let hit = found else { return nil }
        headers.add("Content-Type", hit.contentType)
        headers.add("X-Cache", status.rawValue)
        addByteBudget(job, length: hit.length, to: &headers)
        return Answer(response: CachedResponse.response(headers: headers, body: hit.body), cache: status)
    }

    /// Stage 3: joins the render of this identity, or starts it: reads its sources' headers here (a
    /// look at pixels whose decode alone exceeds the budget is refused at once), then queues it in
    /// the render lane, among the heavy renders from the start when looking at pixels before layout
    /// (trims, content focus) is estimated heavy.
    private func admit(_ identified: IdentifiedJob, _ spec: TransformSpec) {
        let (job, key) = (identified.job, identified.identity.key)
        guard renders.join(key, { answer in job.respond(answer.response, answer.cache) }) else { return }
        guard memory.admits() else { return renders.complete(key, failure(RequestError.memoryPressure)) }
        statistics.renderCount.add(1, ordering: .relaxed)
        let opened: OpenedRender
        do {
            opened = try renderer.open(spec.renderRequest, sources: identified.sources)
        } catch {
            if fallback(error, job, resolved: identified.sources, complete: { [renders] in renders.complete(key, $0) }) { return }
            return renders.complete(key, failure(error))
        }
        toRenderLane(.opened(opened), identified, heavy: isHeavy(opened.analysisMilliseconds))
    }

    /// What a render-lane job starts from: a render opened on the I/O lane, or one prepared by a
    /// light worker and moved to the heavy renders.
    private enum RenderWork: Sendable {
        case opened(OpenedRender)
        case prepared(PreparedRender)
    }

    /// On the render lane: prepares the render (trims, layout, every cost checked: a render that could
    /// not finish within the deadline is refused without drawing), and draws it, or, when a light
    /// worker finds its estimate heavy, moves it once to the heavy renders, prepared.
    private func toRenderLane(_ work: RenderWork, _ job: IdentifiedJob, heavy: Bool) {
        let key = job.identity.key
        executor.submit(
            .render, heavy: heavy,
            { [self] in
                let prepared: PreparedRender
                switch work {
                case .prepared(let ready):
                    prepared = ready
                case .opened(let opened):
                    do {
                        prepared = try renderer.prepare(opened, autoFormats: job.job.formats)
                    } catch {
                        if fallback(error, job.job, resolved: job.sources, complete: { [renders] in renders.complete(key, $0) }) { return {} }
                        let answer = failure(error)
                        return { renders.complete(key, answer) }
                    }
                    if !heavy && isHeavy(prepared.cost.milliseconds) {
                        return { toRenderLane(.prepared(prepared), job, heavy: true) }
                    }
                }
                guard let answer = render(prepared, job) else { return {} }
                return { renders.complete(key, answer) }
            }, refused: { [self] error in renders.complete(key, failure(error)) })
    }

    /// Whether `milliseconds` of estimated CPU time make a render heavy: over `Limits.heavyRenderShare` of the deadline.
    private func isHeavy(_ milliseconds: Double) -> Bool {
        milliseconds > (renderer.limits.timeout ?? Limits.renderTimeout).milliseconds * Limits.heavyRenderShare
    }

    /// Stages 5–6 on the render lane: draws and encodes, stores the result under the job's key, and
    /// makes the `200`. A result finished past its deadline never gets here: the renderer throws `timedOut`.
    /// `nil` when the fallback image answers instead (through the render's waiters).
    private func render(_ prepared: PreparedRender, _ identified: IdentifiedJob) -> Answer? {
        let (job, identity) = (identified.job, identified.identity)
        logger.debug("render started: \(job.canonical)")
        if let placeholders = job.placeholders { return placeholderAnswer(prepared, identified, placeholders) }
        do {
            let image = try renderer.render(prepared)
            metrics.render(image.timings)
            let created = Int(saturating: Date().timeIntervalSince1970)
            let entry = CacheEntry(
                contentType: image.format.contentType, etag: identity.etag, created: created, body: image.bytes, tags: identity.tags)
            cache.store(entry, for: identity.key)
            let timings = image.timings
            tier?.offer(entry, for: identity.key, renderTime: .milliseconds(timings.decode + timings.layout + timings.render + timings.encode))
            var headers = cachingHeaders(job, identity)
            headers.add("Content-Type", image.format.contentType)
            headers.add("X-Cache", CacheStatus.miss.rawValue)
            headers.add("Server-Timing", ServerTiming.header(image.timings))
            addByteBudget(job, length: image.bytes.count, to: &headers)
            return Answer(response: HTTPResponse(status: .ok, headers: headers, body: image.bytes), cache: .miss)
        } catch {
            let key = identity.key
            if fallback(error, job, resolved: identified.sources, complete: { [renders] in renders.complete(key, $0) }) { return nil }
            return failure(error)
        }
    }

    /// `/info`'s answer: the source's header as JSON, with the caching headers (never stored).
    private func info(_ identified: IdentifiedJob, name: String) throws -> Answer {
        guard let source = identified.sources[.primary] else { throw RenderError.unresolvedSource(.primary) }
        let info = try SourceInfo(name: name, file: source.file, limits: renderer.limits)
        var headers = cachingHeaders(identified.job, identified.identity)
        headers.add("Content-Type", "application/json")
        return Answer(
            response: HTTPResponse(status: .ok, headers: headers, body: Array((InfoRoute.json(info).serialized() + "\n").utf8)), cache: .notApplicable
        )
    }

    /// `ETag` and `Cache-Control`, the purge tags (`Surrogate-Key`, `Cache-Tag`); `Vary` naming
    /// `Accept` when `fmt=auto` chooses by it and each client hint that can change the answer;
    /// `Accept-CH` when hints are on.
    func cachingHeaders(_ job: ImageJob, _ identity: IdentityMemo.Identity) -> HTTPHeaders {
        var headers = HTTPHeaders()
        headers.reserveCapacity(10)  // and the caller's Content-Type, X-Cache, Server-Timing
        headers.add("ETag", identity.etag)
        PurgeTag.add(identity.tags, to: &headers)
        headers.add("Cache-Control", cacheControl)
        guard case .image(let request) = job.product else { return headers }
        // Placeholders are JSON whatever `Accept` says, and hints never reach them.
        guard job.placeholders == nil else { return headers }
        var vary = request.spec.format == .auto && negotiation.dependsOnAccept ? ["Accept"] : []
        if let clientHints {
            vary += clientHints.vary(request)
            headers.add("Accept-CH", ClientHints.acceptCH)
        }
        if !vary.isEmpty { headers.add("Vary", vary.joined(separator: ", ")) }
        return headers
    }

    /// `Imgframe-Byte-Budget: fits` or `exceeded` when the request set `maxbytes`: whether the body
    /// fits, which the body's length tells on a hit as on a miss.
    private func addByteBudget(_ job: ImageJob, length: Int, to headers: inout HTTPHeaders) {
        guard case .image(let request) = job.product, let maxBytes = request.spec.maxBytes else { return }
        headers.add("Imgframe-Byte-Budget", length <= maxBytes ? "fits" : "exceeded")
    }

    /// Stage 7: the answer to the client.
    private func deliver(_ answer: Answer, to job: ImageJob) {
        job.respond(answer.response, answer.cache)
    }

    /// The answer to a request that failed with `error` (`ErrorMapping`), with no cache status.
    func failure(_ error: Error) -> Answer {
        Answer(response: ErrorMapping.response(for: error, logger: logger), cache: .notApplicable)
    }
}
