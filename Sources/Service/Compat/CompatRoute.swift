import CheckedConversion
import Foundation
import HTTP1
import Logging
import Sources
import TransformSpec

/// `GET|HEAD {compat.imgproxy}/{signature}/{options}/…` and `{compat.thumbor}/{signature|unsafe}/…`:
/// a foreign URL checked against its own system's signature, read into ImageFrame's request
/// (`ImgproxyURL`, `ThumborURL`) and run through the same pipeline as `/img/`, so it shares the cache
/// entry and ETag of every other spelling of the same meaning.
struct CompatRoute: Sendable {
    /// Which system's URLs the route takes.
    enum System: Sendable {
        /// imgproxy, with its signature (`nil`: unsigned URLs) and the watermark image `wm` draws.
        case imgproxy(ImgproxySignature?, watermark: String?, sourceName: ImgproxyURL.SourceNamer)
        /// thumbor, with its signature (`nil`: `unsafe/` URLs).
        case thumbor(ThumborSignature?)

        var name: String {
            switch self {
            case .imgproxy: "imgproxy"
            case .thumbor: "thumbor"
            }
        }
    }

    /// A compat URL worked out once (`ParseMemo`): the request and what it asks of the response.
    struct Parsed: Sendable {
        let image: ImageRequest
        let download: String?
        let expires: Int?
    }

    /// The route's path prefix, with its trailing `/` (`/_ip/`).
    let prefix: String
    let system: System
    let pipeline: ImagePipeline
    let limits: SpecLimits
    let presets: PresetTable
    let memo = ParseMemo<Parsed>()

    /// Answers through `respond` (once).
    func handle(_ request: HTTPRequest, respond: @escaping ImageJob.Respond) {
        let parsed: Parsed
        do {
            guard request.query.isEmpty else {
                throw SpecError.foreignOption(
                    option: "query", message: "\(system.name) URLs carry their options in the path; this one has a query (`?\(request.query)`)")
            }
            let rest = request.path.dropFirst(prefix.count)
            let slash = rest.firstIndex(of: "/") ?? rest.endIndex
            let signature = rest[..<slash]
            guard verify(signature, signedPath: rest[slash...]) else {
                pipeline.logger.info("403 \(request.path): \(system.name) signature", metadata: ["url.path": "\(request.path)"])
                return respond(ErrorMapping.response(status: .forbidden, message: "forbidden"), .notApplicable)
            }
            let path = rest[slash...].dropFirst()
            parsed = try memo.value(for: TargetKey(path: request.path, query: "")) { try parse(path) }
        } catch {
            return respond(ErrorMapping.response(for: error, logger: pipeline.logger), .notApplicable)
        }
        if let expires = parsed.expires, expires < Int(saturating: Date().timeIntervalSince1970) {
            return respond(ErrorMapping.response(status: .notFound, message: "the URL expired (exp:\(expires))"), .notApplicable)
        }
        var respond = respond
        if let download = parsed.download {
            let name = parsed.image.spec.source
            respond = { [respond] response, cache in
                var response = response
                ContentDisposition.apply(to: &response, requested: download, sourceName: name)
                respond(response, cache)
            }
        }
        pipeline.run(pipeline.job(parsed.image, request, respond: respond))
    }

    /// The signature segment checked for the path after it (from its `/`). Without a key, only the
    /// system's unsigned spelling passes (imgproxy: `insecure` or `_`; thumbor: `unsafe`).
    func verify(_ signature: Substring, signedPath: Substring) -> Bool {
        switch system {
        case .imgproxy(let signer?, _, _): signer.verify(signature, signedPath: signedPath)
        case .imgproxy(nil, _, _): signature == "insecure" || signature == "_"
        case .thumbor(let signer?): signer.verify(signature, signedPath: signedPath.dropFirst())
        case .thumbor(nil): signature == "unsafe"
        }
    }

    func parse(_ path: Substring) throws -> Parsed {
        let request: CompatRequest
        switch system {
        case .imgproxy(_, let watermark, let sourceName):
            request = try ImgproxyURL.request(path, sourceName: sourceName, watermark: watermark, presets: presets, limits: limits)
        case .thumbor:
            request = try ThumborURL.request(path, limits: limits)
        }
        try SourceName.check(request.spec.source)
        return Parsed(
            image: ImageRequest(spec: request.spec, imageParameters: ImageParameters(overlay: nil, hasChain: false)), download: request.download,
            expires: request.expires)
    }
}
