import Dispatch
import Sources
import Synchronization
import Vips
#if canImport(Glibc)
import Glibc
#endif
import CheckedConversion

/// Originals fetched from the configured origins, kept on disk in a cache of their own (a byte
/// budget apart from the result cache) and revalidated with the origin's `ETag`/`Last-Modified`
/// once `revalidateAfter` has passed since they were fetched or last confirmed. Concurrent
/// requests for the same original download it once. What it hands out is an open `ImageFile`, so
/// the rest of the pipeline (pixel limits on the header before decoding, loaders) is the same as
/// for a local file, and a version made of the origin's validators, for the cache key and ETag.
public final class OriginSources: SourceProvider {
    /// How the originals cache behaves.
    public struct Settings: Sendable {
        public var map: OriginMap
        /// Folder of the cached originals.
        public var directory: String
        /// Bytes the cached originals may take; the least recently used go beyond it.
        public var budgetBytes: Int
        /// How long a fetched original is used without asking the origin again.
        public var revalidateAfter: Duration
        public var connectTimeout: Duration
        public var totalTimeout: Duration
        /// Largest original (`limits.source_bytes`): the download stops there.
        public var maxBytes: Int

        public init(map: OriginMap, directory: String, budgetBytes: Int, revalidateAfter: Duration, connectTimeout: Duration, totalTimeout: Duration, maxBytes: Int) {
            self.map = map
            self.directory = directory
            self.budgetBytes = budgetBytes
            self.revalidateAfter = revalidateAfter
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maxBytes = maxBytes
        }
    }

    public let settings: Settings
    private let client: OriginClient
    private let store: OriginalStore
    private let flights = Mutex<[String: Flight]>([:])

    public init(_ settings: Settings) {
        self.settings = settings
        client = OriginClient(connectTimeout: settings.connectTimeout, totalTimeout: settings.totalTimeout, maxBytes: settings.maxBytes)
        store = OriginalStore(directory: settings.directory, budgetBytes: settings.budgetBytes)
    }

    /// Applies the SSRF rule to `origin` as a fetch would (resolving its host, internal or not):
    /// throws `refused` when it resolves to a private, loopback, link-local or metadata address.
    public static func checkAddress(of origin: OriginMap.Origin, source: String) throws(OriginError) {
        _ = try AddressPolicy.pinnedAddress(host: origin.host, port: origin.port, source: source)
    }

    /// The original for the source name `name` (`cdn/photos/a.jpg`): from the cache while fresh,
    /// revalidated when stale, downloaded when absent; `nil` when no origin's name starts `name`
    /// (a local source). Gives up with `timedOut` at `deadline` (`totalTimeout` from now unless
    /// told): a request that names several originals passes one deadline to all of them. The
    /// `SourceProvider` requirement: the caller has checked `name` against `SourceName`'s rule.
    public func source(named name: String, deadline: ContinuousClock.Instant? = nil) throws(OriginError) -> ResolvedSource? {
        guard let (origin, path) = settings.map.origin(for: name) else { return nil }
        let deadline = deadline ?? self.deadline()
        let url = origin.url(of: path)
        if let fresh = store.entry(for: url), fresh.age < settings.revalidateAfter, let source = open(fresh, name: name) { return source }
        let flight = joinFlight(url)
        if flight.isLeader {
            let result = Result { () throws(OriginError) in try refresh(origin, path: path, url: url, name: name, deadline: deadline) }
            flights.withLock { $0[url] = nil }
            flight.finish(result)
        }
        // Another request's download of the same original is waited for only until our deadline.
        let entry = try flight.wait(until: deadline, source: name)
        guard let source = open(entry, name: name) else { throw .unavailable(name, reason: "the cached original vanished") }
        return source
    }

    /// `totalTimeout` from now: the deadline of a request's fetches from origins.
    public func deadline() -> ContinuousClock.Instant {
        .now + settings.totalTimeout
    }

    /// Asks the origin (conditionally when a copy is cached) and stores what it sends.
    private func refresh(
        _ origin: OriginMap.Origin, path: String, url: String, name: String, deadline: ContinuousClock.Instant
    ) throws(OriginError) -> OriginalStore.Entry {
        let cached = store.entry(for: url)
        let download = try store.temporaryFile(for: name)
        do throws(OriginError) {
            switch try client.fetch(origin, path: path, source: name, validators: cached?.validators, into: download.descriptor, deadline: deadline) {
            case .notModified:
                download.discard()
                guard let cached else { throw .unavailable(name, reason: "its origin answered 304 to an unconditional request") }
                return store.confirm(cached)
            case .downloaded(let bytes, let validators, let digest):
                return try store.commit(download, url: url, source: name, bytes: bytes, validators: validators, digest: digest, replacing: cached)
            }
        } catch {
            download.discard()
            throw error
        }
    }

    private func open(_ entry: OriginalStore.Entry, name: String) -> ResolvedSource? {
        guard let file = try? ImageFile(path: entry.bodyPath), file.size == entry.bytes else { return nil }
        store.touch(entry)
        return ResolvedSource(name: name, file: file, version: "origin\t\(entry.version)")
    }

    private func joinFlight(_ url: String) -> Flight {
        flights.withLock { flights in
            if let flight = flights[url] { return flight.follower() }
            let flight = Flight()
            flights[url] = flight
            return flight
        }
    }
}

/// One download that concurrent requests for the same original share: the first does it, the
/// others wait for its result.
private final class Flight: @unchecked Sendable {
    // @unchecked: `result` is written once before `done` is signalled, and read only after waiting.
    private let done = DispatchGroup()
    private var result: Result<OriginalStore.Entry, OriginError>?
    let isLeader: Bool
    private let shared: Flight?

    init() {
        isLeader = true
        shared = nil
        done.enter()
    }

    private init(following leader: Flight) {
        isLeader = false
        shared = leader
    }

    func follower() -> Flight { Flight(following: self) }

    func finish(_ result: Result<OriginalStore.Entry, OriginError>) {
        self.result = result
        done.leave()
    }

    /// The leader's result, or `timedOut` for `source` if it is not there by `deadline`.
    func wait(until deadline: ContinuousClock.Instant, source: String) throws(OriginError) -> OriginalStore.Entry {
        let leader = shared ?? self
        let remaining = max(.zero, deadline - .now)
        guard leader.done.wait(timeout: .now() + DispatchTimeInterval(remaining)) == .success else {
            throw .timedOut(source)
        }
        return try leader.result!.get()
    }
}
