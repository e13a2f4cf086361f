import HTTP1
import Layout
import TransformSpec

/// `GET|HEAD /view/{template}?{params}`: fills a view template from the query and serves the
/// resulting spec exactly as `/img` serves its own (ETag, 304, result cache, `fmt=auto`, limits).
struct ViewRoute: Sendable {
    static let prefix = "/view/"

    let templates: TemplateFolder
    let pipeline: ImagePipeline
    let limits: SpecLimits
    /// Renderer options from presets (`presets`, `presets_only`).
    let presets: PresetPolicy

    /// Answers through `respond` (once); the second argument is the cache status for the access log.
    func handle(_ request: HTTPRequest, respond: @escaping ImageJob.Respond) {
        let spec: TransformSpec
        do {
            let template = try templates.template(named: Self.templateName(fromTarget: request.path))
            spec = try presets.templateSpec(template, query: request.query, limits: limits)
        } catch {
            return respond(ErrorMapping.response(for: error, logger: pipeline.logger), .notApplicable)
        }
        pipeline.run(pipeline.job(ImageRequest(spec: spec, imageParameters: .template), request, respond: respond))
    }

    /// The name after `/view/` (or another route's `prefix`), percent-decoded; anything that is not a
    /// plain name (a `/`, `..`, encoded separators) fails `ViewTemplate.isValidName` later.
    static func templateName(fromTarget path: Substring, prefix: String = ViewRoute.prefix) -> String {
        let raw = path.dropFirst(prefix.count)
        return PercentDecoding.bytes(raw, plusAsSpace: false).flatMap { String(validating: $0, as: UTF8.self) } ?? String(raw)
    }
}
