import Cache
import HTTP1
import Layout
import TransformSpec

/// `GET|HEAD /view/{template}?{params}`: fills a view template from the query and serves the
/// resulting spec exactly as `/img` serves its own (ETag, 304, result cache, `fmt=auto`, limits).
///
/// Finding the template (`realpath`, `stat`, a parse when its file changed) and filling it run on the
/// I/O lane, never on the event loop; what a URL resolved to is remembered for `cache.source_check`,
/// as sources' identities are, so a repeated URL (a hit behind a CDN) leaves the loop only when its
/// template is due to be checked again.
struct ViewRoute: Sendable {
    static let prefix = "/view/"

    let templates: TemplateFolder
    let pipeline: ImagePipeline
    let limits: SpecLimits
    /// Renderer options from presets (`presets`, `presets_only`).
    let presets: PresetPolicy
    /// What each URL (path and query) resolved to, while its template is trusted.
    let resolved: ExpiringMemo<TargetKey, ImageRequest>

    init(templates: TemplateFolder, pipeline: ImagePipeline, limits: SpecLimits, presets: PresetPolicy, templateCheck: Duration) {
        self.templates = templates
        self.pipeline = pipeline
        self.limits = limits
        self.presets = presets
        resolved = ExpiringMemo(validity: templateCheck)
    }

    /// Answers through `respond` (once); the second argument is the cache status for the access log.
    func handle(_ request: HTTPRequest, respond: @escaping ImageJob.Respond) {
        let key = TargetKey(path: request.path, query: request.query)
        if let image = resolved.recent(key) { return pipeline.run(pipeline.job(image, request, respond: respond)) }
        pipeline.executor.submit(
            .io,
            { [self] in
                let result = Result { try resolve(request) }
                return {
                    switch result {
                    case .success(let image):
                        resolved.remember(key, image)
                        pipeline.run(pipeline.job(image, request, respond: respond))
                    case .failure(let error):
                        respond(ErrorMapping.response(for: error, logger: pipeline.logger), .notApplicable)
                    }
                }
            }, refused: { [pipeline] error in respond(ErrorMapping.response(for: error, logger: pipeline.logger), .notApplicable) })
    }

    /// The template the URL names, filled from its query: on the I/O lane.
    private func resolve(_ request: HTTPRequest) throws -> ImageRequest {
        let name = Self.templateName(fromTarget: request.path)
        let template = try templates.template(named: name)
        let spec = try presets.templateSpec(template, query: request.query, limits: limits)
        let keys = try QueryParameters.pairs(String(request.query)).map(\.0)
        return ImageRequest(spec: spec, imageParameters: .template, openings: .view(keys: keys), template: name)
    }

    /// The name after `/view/` (or another route's `prefix`), percent-decoded; anything that is not a
    /// plain name (a `/`, `..`, encoded separators) fails `ViewTemplate.isValidName` later.
    static func templateName(fromTarget path: Substring, prefix: String = ViewRoute.prefix) -> String {
        let raw = path.dropFirst(prefix.count)
        return PercentDecoding.bytes(raw, plusAsSpace: false).flatMap { String(validating: $0, as: UTF8.self) } ?? String(raw)
    }
}
