import HTTP1
import Layout
import Render
import Sources

extension ImagePipeline {
    /// Answers `job` with the fallback image (`fallback`) when `error` is its own image missing or
    /// undecodable: the view's other images are looked up here (they must exist), the render runs on
    /// the render lane and its answer goes to `complete`. False, having done nothing, when there is
    /// no fallback or it does not apply (placeholders included); the caller then answers the error.
    func fallback(
        _ error: Error, _ job: ImageJob, resolved: [ImageRef: ResolvedSource], complete: @escaping @Sendable (Answer) -> Void
    ) -> Bool {
        // Placeholders describe the real image: a fallback's would mislead.
        guard let fallback, case .image(let request) = job.product, job.placeholders == nil,
            FallbackImage.covers(error, asked: request.spec.source, found: resolved[.primary]?.name)
        else { return false }
        var substituted = job
        do {
            substituted.sources = resolved
            substituted.sources[.primary] = try fallback.source()
            // A view's other images being fetched by another request: the error is the answer.
            guard let all = try sources.resolve(substituted, whenReady: { _, _ in }) else { return false }
            substituted.sources = all
        } catch {
            logger.warning("fallback image not drawn: \(error)")
            return false
        }
        let status = ErrorMapping.outcome(for: error).status
        let drawn = substituted
        executor.submit(
            .render, heavy: false,
            { [self] in
                let answer = fallbackAnswer(request, drawn, status: status, fallback: fallback) ?? failure(error)
                return { complete(answer) }
            }, refused: { [self] refusal in complete(failure(refusal)) })
        return true
    }

    /// The request drawn with the fallback as its own image, answered with `status`; `nil` when it
    /// cannot be drawn either (logged).
    private func fallbackAnswer(_ request: ImageRequest, _ job: ImageJob, status: HTTPStatus, fallback: FallbackImage) -> Answer? {
        do {
            let opened = try renderer.open(request.spec.renderRequest, sources: job.sources)
            let image = try renderer.render(try renderer.prepare(opened, autoFormats: job.formats))
            var headers = HTTPHeaders()
            headers.add("Content-Type", image.format.contentType)
            headers.add("Cache-Control", fallback.cacheControl)
            if request.spec.format == .auto && negotiation.dependsOnAccept { headers.add("Vary", "Accept") }
            headers.add("X-Cache", CacheStatus.miss.rawValue)
            return Answer(response: HTTPResponse(status: status, headers: headers, body: image.bytes), cache: .miss)
        } catch {
            logger.warning("fallback image \(fallback.path) not drawn: \(error)")
            return nil
        }
    }
}
