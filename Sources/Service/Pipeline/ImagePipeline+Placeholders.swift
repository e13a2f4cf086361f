import Cache
import CheckedConversion
import Foundation
import HTTP1
import Placeholders
import PlanJSON
import Render

extension ImagePipeline {
    /// Stages 5–6 for an `/info` request asking for placeholders, on the render lane: draws the
    /// render, works out the placeholders, stores their JSON under the job's key like an image
    /// (so the next request is a hit with the same ETag), and makes the `200`.
    func placeholderAnswer(_ prepared: PreparedRender, _ identified: IdentifiedJob, _ request: PlaceholderRequest) -> Answer {
        let (job, identity) = (identified.job, identified.identity)
        do {
            let (values, timings) = try renderer.placeholders(prepared, request.set)
            metrics.render(timings)
            let body = Array((Self.placeholderJSON(values).serialized() + "\n").utf8)
            let created = Int(saturating: Date().timeIntervalSince1970)
            let entry = CacheEntry(contentType: Self.jsonContentType, etag: identity.etag, created: created, body: body, tags: identity.tags)
            cache.store(entry, for: identity.key)
            tier?.offer(entry, for: identity.key, renderTime: .milliseconds(timings.decode + timings.layout + timings.render + timings.encode))
            var headers = cachingHeaders(job, identity)
            headers.add("Content-Type", Self.jsonContentType)
            headers.add("X-Cache", CacheStatus.miss.rawValue)
            headers.add("Server-Timing", ServerTiming.header(timings))
            return Answer(response: HTTPResponse(status: .ok, headers: headers, body: body), cache: .miss)
        } catch {
            return failure(error)
        }
    }

    /// The placeholders' media type.
    static let jsonContentType = "application/json"

    /// `{"width","height", then each asked item: "blurhash","thumbhash","averageColor","dominantColor","palette","lqip"}`.
    static func placeholderJSON(_ values: PlaceholderValues) -> JSONValue {
        var fields: [(String, JSONValue)] = [("width", .number(Double(values.width))), ("height", .number(Double(values.height)))]
        if let blurHash = values.blurHash { fields.append(("blurhash", .string(blurHash))) }
        if let thumbHash = values.thumbHash { fields.append(("thumbhash", .string(Data(thumbHash).base64EncodedString()))) }
        if let average = values.averageColor { fields.append(("averageColor", average.map { .string($0.description) } ?? .null)) }
        if let dominant = values.dominantColor { fields.append(("dominantColor", dominant.map { .string($0.description) } ?? .null)) }
        if let palette = values.palette { fields.append(("palette", .array(palette.map { .string($0.description) }))) }
        if let lqip = values.lqip {
            fields.append(("lqip", .string("data:\(lqip.format.mediaType);base64," + Data(lqip.bytes).base64EncodedString())))
        }
        return .object(fields)
    }
}
