import HTTP1
import Layout
import TransformSpec

extension InfoRoute {
    /// Image parameters that set how the image is encoded or saved, which placeholders do not
    /// have: refused rather than ignored (`lqip` chooses the tiny image's format).
    static let encodingParameters = ["fmt", "q", "maxbytes", "dl"]

    /// The placeholder request of `request`, or `nil` when it asks for none (a plain `/info`).
    func placeholderRequest(_ request: HTTPRequest) throws -> PlaceholderRequest? {
        let (asked, rest) = try PlaceholderSet.split(query: request.query)
        guard !asked.isEmpty else { return nil }
        let set = try PlaceholderSet(pairs: asked)
        for (key, _) in try QueryParameters.pairs(rest) where Self.encodingParameters.contains(key) {
            throw SpecError.conflict(
                param: key,
                message: "`\(key)` sets how an image is encoded, and placeholders are not an encoded image: drop it"
                    + " (`lqip=webp` or `lqip=avif` chooses the tiny image's format, `lqipbytes` its size)")
        }
        let image = try specs.spec(path: request.path, prefix: Self.prefix, query: Substring(rest))
        return PlaceholderRequest(image: image, set: set)
    }

    /// The error for an image parameter in an `/info` request without placeholders: it would shape
    /// a render that nothing describes. Any other key is unknown (`preset` and `dl` too: a plain `/info` transforms and downloads nothing).
    static func withoutPlaceholder(_ key: String) -> SpecError {
        guard QueryParameters.known.contains(key), key != "preset", key != "dl" else {
            return .unknownRouteParameter(
                key, route: "/info/",
                known: "sig, exp and v; with a placeholder parameter (\(PlaceholderSet.parameters.joined(separator: ", "))) also those of /img/")
        }
        return .conflict(
            param: key,
            message: "`\(key)` shapes a render, and a plain /info describes the source file: ask for a placeholder of that render"
                + " (blurhash=1, thumbhash=1, averagecolor=1, dominantcolor=1, palette=N or lqip=webp), or request the image from /img/")
    }
}
