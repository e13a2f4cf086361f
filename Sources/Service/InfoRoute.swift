import HTTP1
import Layout
import PlanJSON
import Render
import TransformSpec

/// `GET|HEAD /info/{path}`: what a source is, as JSON, from its header alone (imgproxy's `/info`):
/// `{"width","height","points":{"width","height"},"scale","orientation","format","hasAlpha","profile"}`.
/// The path is confined to the root exactly as `/img/` paths are, signing applies the same way, and
/// errors are `/img`'s (404 no such source, 415 not an image, 422 past the source limits).
struct InfoRoute: Sendable {
    static let prefix = "/info/"

    let sources: SourceResolver
    let limits: RenderLimits
    let cacheControl: String

    func handle(_ request: HTTPRequest, respond: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void) {
        do {
            // Only the signature's parameters: anything else would be silently ignored.
            for (key, _) in try QueryParameters.pairs(String(request.query)) where key != "sig" && key != "exp" {
                throw SpecError.unknownParameter(key)
            }
            let name = try ImagePath.sourceName(fromTarget: request.path, prefix: Self.prefix)
            let source = try sources.source(named: name)
            let file = source.file
            let etag = RequestIdentity(canonical: "info/v1", sources: [source], formats: []).etag
            var headers: HTTPHeaders = [("ETag", etag), ("Cache-Control", cacheControl)]
            if let condition = request.headers["If-None-Match"], ETag.matches(condition, etag) {
                return respond(HTTPResponse(status: .notModified, headers: headers), .revalidated)
            }
            let info = try SourceInfo(name: name, file: file, limits: limits)
            headers.add("Content-Type", "application/json")
            respond(HTTPResponse(status: .ok, headers: headers, body: Array((Self.json(info).serialized() + "\n").utf8)), .notApplicable)
        } catch {
            respond(ErrorMapping.response(ErrorMapping.outcome(for: error)), .notApplicable)
        }
    }

    static func json(_ info: SourceInfo) -> JSONValue {
        .object([
            ("width", .number(Double(info.width))), ("height", .number(Double(info.height))),
            ("points", .object([("width", .number(info.pointWidth)), ("height", .number(info.pointHeight))])),
            ("scale", .number(info.scale)), ("orientation", .string(info.orientation)), ("format", .string(info.format)),
            ("hasAlpha", .bool(info.hasAlpha)), ("profile", info.profile.map { .string($0) } ?? .null),
        ])
    }
}
