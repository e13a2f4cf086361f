import Cache
import Sources
import Vips
#if canImport(Glibc)
    import Glibc
#endif
import CheckedConversion

/// Originals fetched from the configured origins (HTTP(S), or S3 buckets with signed requests), kept on disk in a cache of their own (a byte
/// budget apart from the result cache) and revalidated with the origin's `ETag`/`Last-Modified`
/// once `revalidateAfter` has passed since they were fetched or last confirmed. Concurrent
/// requests for the same original download it once, and wait for it without taking a thread. What
/// it hands out is an open `ImageFile`, so the rest of the pipeline (pixel limits on the header
/// before decoding, loaders) is the same as for a local file, and a version made of the origin's validators, for the cache key and ETag.
public final class OriginSources: SourceProvider {
    /// How the originals cache behaves.
    public struct Settings: Sendable {
        /// Default `budgetBytes`: 1 GiB.
        public static let defaultBudgetBytes = 1024 * 1024 * 1024
        /// Default `revalidateAfter`: 5 minutes.
        public static let defaultRevalidateAfter: Duration = .seconds(300)
        /// Default `connectTimeout`: 2 s.
        public static let defaultConnectTimeout: Duration = .seconds(2)
        /// Default `totalTimeout`: 10 s.
        public static let defaultTotalTimeout: Duration = .seconds(10)

        public var map: OriginMap
        /// Folder of the cached originals.
        public var directory: String
        /// Bytes the cached originals may take; the least recently used go beyond it.
        public var budgetBytes: Int
        /// How long a fetched original is used without asking the origin again.
        public var revalidateAfter: Duration
        /// Longest wait to connect to an origin.
        public var connectTimeout: Duration
        /// Longest whole fetch of an original.
        public var totalTimeout: Duration
        /// Largest original (`limits.source_bytes`): the download stops there.
        public var maxBytes: Int
        /// The environment S3 origins take their credentials from (`CredentialProvider`).
        public var environment: [String: String]

        public init(
            map: OriginMap, directory: String, budgetBytes: Int = Settings.defaultBudgetBytes,
            revalidateAfter: Duration = Settings.defaultRevalidateAfter, connectTimeout: Duration = Settings.defaultConnectTimeout,
            totalTimeout: Duration = Settings.defaultTotalTimeout, maxBytes: Int, environment: [String: String] = [:]
        ) {
            self.map = map
            self.directory = directory
            self.budgetBytes = budgetBytes
            self.revalidateAfter = revalidateAfter
            self.connectTimeout = connectTimeout
            self.totalTimeout = totalTimeout
            self.maxBytes = maxBytes
            self.environment = environment
        }
    }

    public let settings: Settings
    private let client: OriginClient
    private let store: OriginalStore
    /// One download per original's URL; requests for one being downloaded are called back.
    private let downloads = SingleFlight<String, Result<OriginalStore.Entry, OriginError>>()
    /// The signed clients of the S3 origins, by origin name; a bucket whose credentials are not
    /// configured fails every request with the reason (the configuration loader refuses it first).
    private let buckets: [String: Result<S3Client, CredentialError>]
    /// What S3 origins' HEADs said of originals not (or no longer) on disk, by URL, trusted for `revalidateAfter`.
    private let heads: ExpiringMemo<String, S3Client.Head>

    public init(_ settings: Settings) {
        self.settings = settings
        let client = OriginClient(connectTimeout: settings.connectTimeout, totalTimeout: settings.totalTimeout, maxBytes: settings.maxBytes)
        self.client = client
        store = OriginalStore(directory: settings.directory, budgetBytes: settings.budgetBytes)
        heads = ExpiringMemo(validity: settings.revalidateAfter)
        var buckets: [String: Result<S3Client, CredentialError>] = [:]
        for origin in settings.map.origins {
            guard let bucket = origin.bucket else { continue }
            buckets[origin.name] = Result { () throws(CredentialError) in
                let credentials = try CredentialProvider(
                    bucket.credentials, environment: settings.environment, region: bucket.region, timeout: settings.connectTimeout * 2)
                return S3Client(origin: origin, bucket: bucket, credentials: credentials, client: client)
            }
        }
        self.buckets = buckets
    }

    /// Applies the SSRF rule to `origin` as a fetch would (resolving its host, internal or not):
    /// throws `refused` when it resolves to a private, loopback, link-local or metadata address.
    public static func checkAddress(of origin: OriginMap.Origin, source: String) throws(OriginError) {
        _ = try AddressPolicy.pinnedAddress(host: origin.host, port: origin.port, source: source)
    }

    /// The original for the source name `name` (`cdn/photos/a.jpg`): from the cache while fresh,
    /// revalidated when stale, downloaded when absent; `.notServed` when no origin's name starts
    /// `name` (a local source). Gives up with `timedOut` at `deadline` (`totalTimeout` from now
    /// unless told): a request that names several originals passes one deadline to all of them.
    /// When another request is already downloading the same original, this returns `.pending` at
    /// once instead of waiting on a thread, and `whenReady` is called, on the downloading thread,
    /// when that download ends (its deadline is no later than ours: it began first). The caller has
    /// checked `name` against `SourceName`'s rule.
    public func lookup(
        named name: String, deadline: ContinuousClock.Instant? = nil, whenReady: @escaping SourceLookup.Arrival
    ) throws(OriginError) -> SourceLookup {
        guard let (origin, path) = settings.map.origin(for: name) else { return .notServed }
        let deadline = deadline ?? self.deadline()
        let url = origin.url(of: path)
        if let fresh = store.entry(for: url), fresh.age < settings.revalidateAfter, let source = open(fresh, name: name) { return .ready(source) }
        let leads = downloads.lead(url) { [self] result in
            whenReady(result.flatMap { entry in Result { () throws(OriginError) in try opened(entry, name: name) } }.mapError { $0 })
        }
        guard leads else { return .pending }
        let result = Result { () throws(OriginError) in try refresh(origin, path: path, url: url, name: name, deadline: deadline) }
        downloads.complete(url, result)
        return .ready(try opened(try result.get(), name: name))
    }

    /// Makes the cached original of `name` (and any HEAD remembered for it) due for revalidation, so
    /// the next request asks its origin: after a purge, an original replaced or removed there is not
    /// served from the originals cache. Nothing for a name no origin serves.
    public func expire(named name: String) {
        guard let (origin, path) = settings.map.origin(for: name) else { return }
        store.expire(origin.url(of: path))
        heads.removeAll()
    }

    /// Whether `name` is under a configured origin (its original may have to be fetched).
    public func serves(_ name: String) -> Bool {
        settings.map.origin(for: name) != nil
    }

    /// Whether `name` is under an S3 origin (its version can be had without a download: `version(named:)`).
    public func servesObjects(_ name: String) -> Bool {
        settings.map.origin(for: name)?.origin.bucket != nil
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
            let outcome =
                origin.bucket == nil
                ? try client.fetch(origin, path: path, source: name, validators: cached?.validators, into: download.descriptor, deadline: deadline)
                : try bucket(origin, source: name).get(
                    path, source: name, validators: cached?.validators, into: download.descriptor, deadline: deadline)
            switch outcome {
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
        return ResolvedSource(
            name: name, file: file, version: servesObjects(name) ? Self.objectVersion(entry.bytes, entry.validators) : "origin\t\(entry.version)")
    }

    /// An S3 object's version: its size, ETag and Last-Modified, which a HEAD gives as well as a GET,
    /// so a result can be named before the object is downloaded (S3's ETag changes with the bytes).
    private static func objectVersion(_ bytes: Int, _ validators: OriginClient.Validators) -> String {
        "s3\t\(bytes)\t\(validators.etag ?? "-")\t\(validators.lastModified ?? "-")"
    }

    /// The version of the original `name` when it can be known without downloading it: an S3
    /// origin's, from the originals cache while fresh, else from a HEAD (remembered for
    /// `revalidateAfter`; a HEAD that matches the cached copy confirms it). `nil` for a name no S3
    /// origin serves: an HTTP origin's version includes a hash of its bytes.
    public func version(named name: String, deadline: ContinuousClock.Instant? = nil) throws(OriginError) -> String? {
        guard let (origin, path) = settings.map.origin(for: name), origin.bucket != nil else { return nil }
        let url = origin.url(of: path)
        let cached = store.entry(for: url)
        if let cached, cached.age < settings.revalidateAfter { return Self.objectVersion(cached.bytes, cached.validators) }
        if let head = heads.recent(url) { return Self.objectVersion(head.bytes, head.validators) }
        let head = try bucket(origin, source: name).head(path, source: name, deadline: deadline ?? self.deadline())
        if let cached, cached.bytes == head.bytes, cached.validators.etag != nil, cached.validators == head.validators {
            _ = store.confirm(cached)
        } else {
            heads.remember(url, head)
        }
        return Self.objectVersion(head.bytes, head.validators)
    }

    /// The signed client of the S3 origin `origin`.
    private func bucket(_ origin: OriginMap.Origin, source: String) throws(OriginError) -> S3Client {
        switch buckets[origin.name] {
        case .success(let client): return client
        case .failure(let error): throw .denied(source, origin: origin.name, status: 0, detail: error.description)
        case nil: throw .unavailable(source, reason: "origin `\(origin.name)` has no bucket")
        }
    }

    private func opened(_ entry: OriginalStore.Entry, name: String) throws(OriginError) -> ResolvedSource {
        guard let source = open(entry, name: name) else { throw .unavailable(name, reason: "the cached original vanished") }
        return source
    }
}
