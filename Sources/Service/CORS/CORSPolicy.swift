import HTTP1

/// Cross-origin access to the image routes (`/img/`, `/view/`, `/info/`), per the Fetch standard's
/// CORS protocol: which origins may read responses (`cors.allow_origins`), the headers that say so on
/// every answer, and the answer to a preflight `OPTIONS`.
///
/// With `*` every response says `Access-Control-Allow-Origin: *` (the same for every origin, so no
/// `Vary`). With a list, the request's `Origin` is echoed when listed, and every response carries
/// `Vary: Origin`, listed or not, so a CDN never serves one origin's answer to another.
/// `Timing-Allow-Origin` mirrors the allowed origin so front ends can read `Server-Timing`.
public struct CORSPolicy: Sendable, Equatable {
    /// Who may read responses across origins.
    public enum Origins: Sendable, Equatable {
        /// No CORS headers at all (the default).
        case none
        /// `*`: any origin.
        case any
        /// Exactly these origins (`scheme://host[:port]`, compared as sent by browsers).
        case listed(Set<String>)
    }

    public let origins: Origins

    public init(origins: Origins) {
        self.origins = origins
    }

    /// 204: HTTP1 names only the statuses it sends itself.
    static let noContent = HTTPStatus(204, "No Content")

    /// The methods the image routes answer.
    static let methods: [HTTPMethod] = [.get, .head, .options]
    /// `methods` as `Allow` and `Access-Control-Allow-Methods` list them.
    public static let allowedMethods = methods.map(\.description).joined(separator: ", ")
    /// Response headers `fetch()` may read besides the CORS-safelisted ones.
    public static let exposedHeaders = "Server-Timing, ETag, X-Cache, Content-Length, Content-Disposition, Imgframe-Byte-Budget"
    /// Request headers a preflight may ask for and gets back: the ones that change what these routes
    /// answer (`Accept`, conditional requests) and harmless cache directives.
    static let allowedRequestHeaders: Set<String> = [
        "accept", "accept-language", "content-language", "if-none-match", "if-modified-since", "cache-control", "pragma",
    ]

    /// The origin to allow for a request with this `Origin` header, if any.
    func allowedOrigin(_ origin: String?) -> String? {
        switch origins {
        case .none: nil
        case .any: "*"
        case .listed(let list): origin.flatMap { list.contains($0) ? $0 : nil }
        }
    }

    /// Adds the CORS headers to a response of an image route.
    func apply(to response: inout HTTPResponse, origin: String?) {
        if case .listed = origins { Self.addVary("Origin", to: &response.headers) }
        guard let allowed = allowedOrigin(origin) else { return }
        response.headers.set("Access-Control-Allow-Origin", allowed)
        response.headers.set("Access-Control-Expose-Headers", Self.exposedHeaders)
        // Resource Timing: without it, a cross-origin page sees zeros for this response's timings.
        response.headers.set("Timing-Allow-Origin", allowed)
    }

    /// The answer to `OPTIONS` on an image route: 204 with `Allow`, plus, for an allowed origin's
    /// preflight (it carries `Access-Control-Request-Method`), the methods, the requested headers this
    /// policy allows, and how long the browser may keep the answer (`Limits.corsMaxAge`).
    func preflight(_ request: HTTPRequest) -> HTTPResponse {
        var response = HTTPResponse(status: Self.noContent, headers: [("Allow", Self.allowedMethods), ("Cache-Control", "no-store")])
        let origin = request.headers["Origin"]
        apply(to: &response, origin: origin)
        guard allowedOrigin(origin) != nil, request.headers["Access-Control-Request-Method"] != nil else { return response }
        response.headers.set("Cache-Control", "max-age=\(Limits.corsMaxAge)")
        response.headers.add("Access-Control-Allow-Methods", Self.allowedMethods)
        if let requested = request.headers["Access-Control-Request-Headers"] {
            let names = requested.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            let allowed = names.filter(Self.allowedRequestHeaders.contains)
            if !allowed.isEmpty { response.headers.add("Access-Control-Allow-Headers", allowed.joined(separator: ", ")) }
            Self.addVary("Access-Control-Request-Headers", to: &response.headers)
        }
        response.headers.add("Access-Control-Max-Age", String(Limits.corsMaxAge))
        return response
    }

    /// Adds `name` to the response's single `Vary` field (RFC 9110 §12.5.5: one list, not two fields).
    static func addVary(_ name: String, to headers: inout HTTPHeaders) {
        guard let vary = headers["Vary"] else { return headers.add("Vary", name) }
        headers.set("Vary", vary + ", " + name)
    }

    /// Parses `cors.allow_origins`: empty (off), `*`, or a comma-separated list of origins such as
    /// `https://app.example.com, http://localhost:3000`.
    static func origins(_ value: String) throws(SettingError) -> Origins {
        let items = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        if items.isEmpty { return .none }
        if items == ["*"] { return .any }
        for item in items {
            guard isOrigin(item) else {
                throw SettingError(
                    reason:
                        "must be `*` or a comma-separated list of origins such as https://app.example.com (scheme and host, no path); got `\(item)`")
            }
        }
        return .listed(Set(items))
    }

    /// `scheme://host[:port]` with no path, query, user or trailing slash: the form browsers send in `Origin`.
    private static func isOrigin(_ text: String) -> Bool {
        guard let separator = text.range(of: "://") else { return false }
        let scheme = text[..<separator.lowerBound]
        let authority = text[separator.upperBound...]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else { return false }
        return !authority.isEmpty && !authority.contains(where: { "/?#@ ".contains($0) })
    }
}
