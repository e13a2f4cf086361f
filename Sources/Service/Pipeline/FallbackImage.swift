import Origins
import Render
import Sources
import Vips

/// The image answered in place of a request's own image when that is missing or cannot be decoded
/// (`fallback`, as imgproxy's `IMGPROXY_FALLBACK_IMAGE_PATH` and weserv's `default=`): drawn through
/// the request's own layout, so an `<img>` keeps its size, with the error's status (404, 415, 422)
/// and a short `max-age`, so the real image shows once it exists. Never stored in the result cache.
/// Other images of a view (an `overlay`, an `Image("…")` in a chain) still fail as they do without it.
struct FallbackImage: Sendable {
    /// Default `maxAge`: a missing image may be uploaded a minute later.
    static let defaultMaxAge: Duration = .seconds(60)

    /// The fallback file (any path; checked at start-up).
    let path: String
    /// `Cache-Control: public, max-age=` of a fallback answer.
    let maxAge: Duration

    /// The fallback file, open, under the name `fallback`: it is read afresh for each answer, so a
    /// replaced file shows at once.
    func source() throws -> ResolvedSource {
        do {
            return ResolvedSource(name: "fallback", file: try ImageFile(path: path))
        } catch {
            throw SourceError.notFound("fallback")
        }
    }

    /// Whether `error` is the request's own image being missing or undecodable: `asked` is the name
    /// the URL gave it, `found` the name it was found under, if it was.
    static func covers(_ error: Error, asked: String, found: String?) -> Bool {
        let names = [asked, found].compactMap { $0 }
        switch error {
        case SourceError.notFound(let name), SourceError.unsupported(let name): return names.contains(name)
        case OriginError.notFound(let name): return names.contains(name)
        case RenderError.unsupportedSource(let name), RenderError.undecodable(let name, _): return names.contains(name)
        default: return false
        }
    }

    /// `Cache-Control` of a fallback answer.
    var cacheControl: String {
        "public, max-age=\(maxAge.components.seconds)"
    }
}
