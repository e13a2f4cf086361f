import HTTP1
import Layout
import PlanJSON
import Render
import TransformSpec

/// `GET|HEAD /info/{path}`: what a source is, as JSON, from its header alone (imgproxy's `/info`):
/// `{"width","height","points":{"width","height"},"scale","orientation","format","hasAlpha","frames","profile"}`.
/// The path is confined to the root exactly as `/img/` paths are, signing applies the same way, and
/// errors are `/img`'s (404 no such source, 415 not an image, 422 past the source limits). It runs
/// through the same `ImagePipeline` as images (identity, ETag, 304, the I/O lane), but is never cached.
///
/// With a placeholder parameter (`PlaceholderSet.parameters`: `blurhash`, `thumbhash`, `averagecolor`,
/// `dominantcolor`, `palette`, `lqip`), the rest of the query is parsed as `/img` parses it (`SpecMemo`),
/// and the answer describes that render: its size and the placeholders asked for, rendered on the
/// render lane and cached like an image (`InfoRoute+Placeholders`).
struct InfoRoute: Sendable {
    static let prefix = "/info/"
    /// What an `/info` answer's bytes depend on besides its source's version: the version of the
    /// JSON (bump it when the JSON changes) and the source's name.
    /// `v` (the cache-busting tag every route takes) is part of it.
    static func canonical(_ name: String, cacheVersion: String? = nil) -> String {
        "info/v2\t" + name + (cacheVersion.map { "\tv=" + $0 } ?? "")
    }

    let pipeline: ImagePipeline
    /// Parses the image request placeholders describe, as `/img` does.
    let specs: SpecMemo

    func handle(_ request: HTTPRequest, respond: @escaping ImageJob.Respond) {
        let name: String
        let cacheVersion: String?
        do {
            if let placeholders = try placeholderRequest(request) {
                return pipeline.run(pipeline.placeholderJob(placeholders, request, respond: respond))
            }
            // Only the signature's parameters and `v`: anything else would be silently ignored.
            // Checked before the keys are parsed: `preset=` transforms, so it is not taken here either.
            for (key, _) in try QueryParameters.pairs(String(request.query)) where key != "sig" && key != "exp" && key != "v" {
                throw Self.withoutPlaceholder(key)
            }
            let parameters = try QueryParameters(query: String(request.query))
            cacheVersion = try TransformSpec.cacheVersion(parameters)
            name = try ImagePath.sourceName(fromTarget: request.path, prefix: Self.prefix)
        } catch {
            return respond(ErrorMapping.response(for: error, logger: pipeline.logger), .notApplicable)
        }
        pipeline.run(pipeline.infoJob(name, cacheVersion: cacheVersion, request, respond: respond))
    }

    static func json(_ info: SourceInfo) -> JSONValue {
        .object([
            ("width", .number(Double(info.width))), ("height", .number(Double(info.height))),
            ("points", .object([("width", .number(info.pointWidth)), ("height", .number(info.pointHeight))])),
            ("scale", .number(info.scale)), ("orientation", .string(info.orientation)), ("format", .string(info.format)),
            ("hasAlpha", .bool(info.hasAlpha)), ("frames", .number(Double(info.frames))), ("profile", info.profile.map { .string($0) } ?? .null),
        ])
    }
}
