import Origins
import Sources
import TransformSpec

extension ImageService {
    /// The routes of `compat.imgproxy` and `compat.thumbor`, when set.
    static func compatRoutes(_ configuration: ServiceConfiguration, pipeline: ImagePipeline) -> [CompatRoute] {
        let compat = configuration.compat
        var routes: [CompatRoute] = []
        if let prefix = compat.imgproxy {
            let signature = ImgproxySignature.hexBytes(compat.imgproxyKey).flatMap { key in
                ImgproxySignature.hexBytes(compat.imgproxySalt).map { ImgproxySignature(key: key, salt: $0, size: compat.imgproxySignatureSize) }
            }
            let origins = configuration.origins
            routes.append(
                CompatRoute(
                    prefix: prefix + "/",
                    system: .imgproxy(signature, watermark: compat.imgproxyWatermark, sourceName: { sourceName(of: $0, in: origins) }),
                    pipeline: pipeline, limits: configuration.spec, presets: configuration.presets))
        }
        if let prefix = compat.thumbor {
            let signature = compat.thumborKey.isEmpty ? nil : ThumborSignature(key: Array(compat.thumborKey.utf8))
            routes.append(
                CompatRoute(
                    prefix: prefix + "/", system: .thumbor(signature), pipeline: pipeline, limits: configuration.spec, presets: configuration.presets)
            )
        }
        return routes
    }

    /// The source name of an absolute URL under a configured origin (`https://assets.example.com/a/b.jpg`
    /// → `cdn/a/b.jpg`; an S3 origin's `s3://bucket/prefix/a.jpg` as imgproxy writes S3 sources, or its
    /// HTTPS URL), percent-decoded as a request path is; `nil` under none.
    static func sourceName(of url: String, in origins: OriginMap) -> String? {
        for origin in origins.origins {
            let bases = [origin.url(of: "")] + (origin.bucket.map { ["s3://\($0.name)/\($0.prefix)"] } ?? [])
            guard let base = bases.first(where: { url.hasPrefix($0) && url.count > $0.count }) else { continue }
            guard let name = try? SourceName.decoding(requestPath: Substring(url.dropFirst(base.count))) else { return nil }
            return origin.name + "/" + name
        }
        return nil
    }
}

/// The foreign URL formats ImageFrame answers (`compat.imgproxy`, `compat.thumbor`).
public enum ForeignURLFormat: String, Sendable, CaseIterable {
    case imgproxy, thumbor

    /// The request `path` (what follows the format's prefix: `/{signature}/{options}/…`) stands for,
    /// read as `serve` reads it with `configuration`, the signature not checked: what `imgframe plan`
    /// shows for it.
    public func request(path: String, configuration: ServiceConfiguration) throws -> CompatRequest {
        let rest = Substring(path.hasPrefix("/") ? path.dropFirst() : Substring(path))
        let afterSignature = rest.firstIndex(of: "/").map { rest[rest.index(after: $0)...] } ?? ""
        switch self {
        case .imgproxy:
            let origins = configuration.origins
            return try ImgproxyURL.request(
                afterSignature, sourceName: { ImageService.sourceName(of: $0, in: origins) }, watermark: configuration.compat.imgproxyWatermark,
                presets: configuration.presets, limits: configuration.spec)
        case .thumbor:
            return try ThumborURL.request(afterSignature, limits: configuration.spec)
        }
    }
}
