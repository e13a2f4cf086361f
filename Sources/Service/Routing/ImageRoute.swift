import HTTP1
import TransformSpec

/// `GET|HEAD /img/{path}?{query}`: parses the request (remembered by `SpecMemo`) into an
/// `ImageJob` and runs it through the `ImagePipeline`.
struct ImageRoute: Sendable {
    let pipeline: ImagePipeline
    let specs: SpecMemo

    /// Answers through `respond` (once); the second argument is the cache status for the access log.
    func handle(_ request: HTTPRequest, respond: @escaping ImageJob.Respond) {
        let parsed: ImageRequest
        do {
            parsed = try specs.spec(path: request.path, query: request.query)
        } catch {
            return respond(ErrorMapping.response(for: error, logger: pipeline.logger), .notApplicable)
        }
        pipeline.run(pipeline.job(parsed, request, respond: respond))
    }
}
