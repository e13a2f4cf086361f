import Foundation
import HTTP1
import Logging
import Render
import TransformSpec
import Vips

/// `GET|HEAD /img/{path}?{query}`: parse, resolve the sources, answer `If-None-Match` without
/// rendering, otherwise render on the worker pool and answer with the image and its caching headers.
struct ImageRoute: Sendable {
    let renderer: Renderer
    let pool: WorkerPool
    let negotiation: FormatNegotiation
    let cacheControl: String
    let logger: Logger

    /// Answers through `respond` (once); `cache` is the cache status for the access log.
    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: String) -> Void) {
        do {
            let name = try ImagePath.sourceName(fromTarget: request.path)
            let spec = try TransformSpec.parse(source: name, query: String(request.query))
            let sources = try spec.view.imageRefs.map { ref throws(RenderError) in
                let sourceName = ref.name(primary: spec.source)
                return (name: sourceName, file: try openSource(sourceName))
            }
            let formats = spec.format == .auto ? negotiation.preferred(accept: request.headers["Accept"]) : []
            var headers: HTTPHeaders = [("ETag", ETag.make(spec: spec, sources: sources, formats: formats.map(\.rawValue))), ("Cache-Control", cacheControl)]
            if spec.format == .auto && negotiation.dependsOnAccept { headers.add("Vary", "Accept") }
            if let condition = request.headers["If-None-Match"], ETag.matches(condition, headers["ETag"]!) {
                respond(HTTPResponse(status: .notModified, headers: headers), "REVALIDATED")
                return
            }
            let cachingHeaders = headers
            let accepted = pool.submit { [renderer, logger] in
                logger.debug("render started: \(spec.canonicalForm)")
                let response: HTTPResponse
                let cache: String
                do {
                    let image = try renderer.render(spec, autoFormats: formats)
                    var headers = cachingHeaders
                    headers.add("Content-Type", image.format.contentType)
                    headers.add("Server-Timing", Self.serverTiming(image.timings))
                    (response, cache) = (HTTPResponse(status: .ok, headers: headers, body: image.bytes), "MISS")
                } catch {
                    (response, cache) = (Self.errorResponse(error, logger: logger), "-")
                }
                return { respond(response, cache) }
            }
            if !accepted { respond(ErrorMapping.response(ErrorMapping.outcome(for: RequestError.overloaded)), "-") }
        } catch {
            respond(Self.errorResponse(error, logger: logger), "-")
        }
    }

    /// The source's file after confinement: missing, escaping and non-image paths are typed errors.
    private func openSource(_ name: String) throws(RenderError) -> ImageFile {
        let path = try renderer.sources.path(for: name)
        do {
            return try ImageFile(path: path)
        } catch .notFound {
            throw .sourceNotFound(name)
        } catch {
            throw .unsupportedSource(name)
        }
    }

    static func errorResponse(_ error: Error, logger: Logger) -> HTTPResponse {
        let outcome = ErrorMapping.outcome(for: error)
        if outcome.isServerFault { logger.error("request failed: \(error)") }
        return ErrorMapping.response(outcome)
    }

    /// `Server-Timing: decode;dur=…, layout;dur=…, render;dur=…, encode;dur=…` (milliseconds).
    static func serverTiming(_ timings: RenderTimings) -> String {
        [("decode", timings.decode), ("layout", timings.layout), ("render", timings.render), ("encode", timings.encode)]
            .map { "\($0.0);dur=\(String(format: "%.1f", $0.1))" }
            .joined(separator: ", ")
    }
}
