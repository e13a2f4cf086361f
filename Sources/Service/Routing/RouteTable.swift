import HTTP1

/// Completes a request once: the response and the cache status for the access log (`.notApplicable` when none).
typealias Finish = @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void

/// Which request targets' paths a route owns.
enum PathPattern: Sendable, Hashable {
    /// Exactly this path (`/healthz`).
    case exact(String)
    /// Every path under this prefix (`/img/`, with the trailing slash).
    case prefix(String)

    func matches(_ path: Substring) -> Bool {
        switch self {
        case .exact(let exact): path == exact
        case .prefix(let prefix): path.hasPrefix(prefix)
        }
    }
}

/// One row of the route table: the paths it owns, the methods it answers, and its handler.
struct Route: Sendable {
    let patterns: [PathPattern]
    /// In the order `Allow` lists them (RFC 9110 §10.2.1).
    let methods: [HTTPMethod]
    /// Wraps every completion of this route, the table's own 405 included (the image routes add
    /// their CORS headers here, so a front end can read why a request failed).
    let wrap: @Sendable (HTTPRequest, @escaping Finish) -> Finish
    let handle: @Sendable (HTTPRequest, @escaping Finish) -> Void

    /// A route answering `GET` and `HEAD` unless told otherwise.
    init(
        _ patterns: PathPattern..., methods: [HTTPMethod] = [.get, .head],
        wrap: @escaping @Sendable (HTTPRequest, @escaping Finish) -> Finish = { $1 },
        handle: @escaping @Sendable (HTTPRequest, @escaping Finish) -> Void
    ) {
        self.patterns = patterns
        self.methods = methods
        self.wrap = wrap
        self.handle = handle
    }

    func matches(_ path: Substring) -> Bool { patterns.contains { $0.matches(path) } }
}

/// Every route of a listener in one list: the first row whose pattern takes the path answers it.
/// A path no row takes is 404; a method its row does not list is 405 with `Allow` naming the row's
/// methods (RFC 9110 §15.5.6), the same for every route.
struct RouteTable: Sendable {
    let routes: [Route]
    /// The answer for a path no route takes.
    var notFound = ErrorMapping.response(ErrorMapping.outcome(for: RequestError.notFound))

    func dispatch(_ request: HTTPRequest, finish: @escaping Finish) {
        guard let route = routes.first(where: { $0.matches(request.path) }) else { return finish(notFound, .notApplicable) }
        let finish = route.wrap(request, finish)
        guard route.methods.contains(request.method) else {
            var response = ErrorMapping.response(ErrorMapping.outcome(for: RequestError.methodNotAllowed))
            response.headers.set("Allow", route.methods.map(\.description).joined(separator: ", "))
            return finish(response, .notApplicable)
        }
        route.handle(request, finish)
    }
}
