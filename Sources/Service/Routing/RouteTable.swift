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
        // By bytes: request targets are ASCII, and `hasPrefix` on a Substring compares Characters.
        case .exact(let exact): path.utf8.count == exact.utf8.count && Self.bytes(of: path, startWith: exact)
        case .prefix(let prefix): Self.bytes(of: path, startWith: prefix)
        }
    }

    /// Whether `path`'s UTF-8 starts with `prefix`'s, compared in place for native strings.
    private static func bytes(of path: Substring, startWith prefix: String) -> Bool {
        let compared = path.utf8.withContiguousStorageIfAvailable { p in
            prefix.utf8.withContiguousStorageIfAvailable { q in
                p.count >= q.count && UnsafeBufferPointer(rebasing: p.prefix(q.count)).elementsEqual(q)
            }
        }
        return (compared ?? nil) ?? path.utf8.starts(with: prefix.utf8)
    }
}

/// What a route is called in the metrics' `route` label: a fixed set, so labels stay bounded.
enum RouteLabel: String, Sendable, Hashable {
    case img, view, info, healthz, readyz, metrics
    /// Every other path: the playground, and paths no route takes.
    case other
}

/// One row of the route table: the paths it owns, the methods it answers, and its handler.
struct Route: Sendable {
    let patterns: [PathPattern]
    let label: RouteLabel
    /// In the order `Allow` lists them (RFC 9110 §10.2.1).
    let methods: [HTTPMethod]
    /// Wraps every completion of this route, the table's own 405 included (the image routes add
    /// their CORS headers here, so a front end can read why a request failed).
    let wrap: @Sendable (HTTPRequest, @escaping Finish) -> Finish
    let handle: @Sendable (HTTPRequest, @escaping Finish) -> Void

    /// A route answering `GET` and `HEAD` unless told otherwise.
    init(
        _ label: RouteLabel, _ patterns: PathPattern..., methods: [HTTPMethod] = [.get, .head],
        wrap: @escaping @Sendable (HTTPRequest, @escaping Finish) -> Finish = { $1 },
        handle: @escaping @Sendable (HTTPRequest, @escaping Finish) -> Void
    ) {
        self.label = label
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

    /// Answers `request` through `finish` (once), with the label of the route that took it.
    func dispatch(_ request: HTTPRequest, finish: @escaping @Sendable (HTTPResponse, _ cache: CacheStatus, _ route: RouteLabel) -> Void) {
        // By index: `first(where:)` would copy every row it passes (two arrays and two closures each).
        let path = request.path
        guard let index = routes.indices.first(where: { routes[$0].matches(path) }) else { return finish(notFound, .notApplicable, .other) }
        // Read in place, not copied: a copy of the row counts every array and closure in it.
        let label = routes[index].label
        let finish = routes[index].wrap(request) { response, cache in finish(response, cache, label) }
        guard routes[index].methods.contains(request.method) else {
            var response = ErrorMapping.response(ErrorMapping.outcome(for: RequestError.methodNotAllowed))
            response.headers.set("Allow", routes[index].methods.map(\.description).joined(separator: ", "))
            return finish(response, .notApplicable)
        }
        routes[index].handle(request, finish)
    }
}
