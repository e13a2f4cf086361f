import Cache
import CheckedConversion
import Dispatch
import Logging
import Origins
import Synchronization

/// The shared result tier (`result_tier = s3://bucket/prefix/`): a bucket every replica reads
/// after its own cache misses and writes its renders to, so a replica that joins, restarts or moves
/// serves what the others rendered. Objects are the disk cache's own entry files under the same
/// key, verified on read exactly like a disk entry. The tier never fails a request: a lookup is one
/// GET within `timeout` (a miss, an error or a timeout renders), repeated failures switch it off
/// for `cooldown`, and writes go after the response, off the event loops, through a bounded
/// queue, only for renders that cost real CPU (`minRenderTime`).
final class ResultTier: Sendable {
    /// How the tier is reached and used.
    struct Settings: Sendable {
        /// Default `timeout`: a lookup must cost less than the renders it saves.
        static let defaultTimeout: Duration = .milliseconds(150)
        /// Default `minRenderTime`.
        static let defaultMinRenderTime: Duration = .milliseconds(20)

        var bucket: S3Bucket
        /// Longest lookup (one GET).
        var timeout = Settings.defaultTimeout
        /// Renders quicker than this are not written: rendering again costs less than storing.
        var minRenderTime = Settings.defaultMinRenderTime
    }

    /// Consecutive failed lookups or writes that switch the tier off.
    static let failuresToSwitchOff = 5
    /// How long the tier stays off after that.
    static let cooldown: Duration = .seconds(30)
    /// Longest write (one PUT).
    static let writeTimeout: Duration = .seconds(10)
    /// Bytes of entries waiting to be written; past it, new ones are dropped (and counted).
    static let queueBytes = 64 * 1024 * 1024
    /// Largest entry looked up or written.
    static let maxEntryBytes = 32 * 1024 * 1024

    let settings: Settings
    let store: BucketStore
    private let registry: MetricsRegistry
    private let logger: Logger
    /// Consecutive failures, and until when the tier is off.
    private let breaker = Mutex<(failures: Int, offUntil: ContinuousClock.Instant?)>((0, nil))
    /// Bytes queued for writing.
    private let queued = Atomic<Int>(0)
    private let writer = DispatchQueue(label: "imgframe.result-tier.writes", qos: .utility)

    init(_ settings: Settings, environment: [String: String], connectTimeout: Duration, registry: MetricsRegistry, logger: Logger)
        throws(CredentialError)
    {
        self.settings = settings
        store = try BucketStore(bucket: settings.bucket, environment: environment, connectTimeout: connectTimeout)
        self.registry = registry
        self.logger = logger
    }

    /// The object of `key`: the cache's own layout, under the prefix.
    static func objectKey(_ key: CacheKey) -> String {
        "v\(CacheKey.formatVersion)/\(key.hex.prefix(2))/\(key.hex)"
    }

    /// The entry of `key` if the tier has a valid one; `nil` on a miss, an error, a timeout, an
    /// invalid object, or while the tier is off. Runs on the I/O lane.
    func lookup(_ key: CacheKey) -> CacheEntry? {
        guard isOn() else { return count(lookup: "off") }
        let clock = ContinuousClock()
        let start = clock.now
        defer {
            registry.observe(
                "imgframe_result_tier_lookup_seconds", help: "Time of a shared result tier lookup (imgframe.result_tier.lookup.duration).",
                seconds: (clock.now - start).milliseconds / 1000)
        }
        do {
            guard let bytes = try store.read(Self.objectKey(key), timeout: settings.timeout, maxBytes: Self.maxEntryBytes) else {
                succeeded()
                return count(lookup: "miss")
            }
            succeeded()
            guard let entry = CacheEntry(fileBytes: bytes) else { return count(lookup: "invalid") }
            registry.increment(Self.lookups, help: Self.lookupsHelp, labels: [("outcome", "hit")])
            return entry
        } catch {
            failed(error)
            if case .timedOut = error { return count(lookup: "timeout") }
            return count(lookup: "error")
        }
    }

    /// Queues `entry` (rendered in `renderTime`) to be written under `key`, unless the render was
    /// cheap, the tier is off or the queue is full (then it is dropped, and counted).
    func offer(_ entry: CacheEntry, for key: CacheKey, renderTime: Duration) {
        guard renderTime >= settings.minRenderTime, entry.body.count <= Self.maxEntryBytes else { return }
        guard isOn() else { return count(write: "dropped") }
        let bytes = entry.fileBytes
        guard queued.add(bytes.count, ordering: .relaxed).newValue <= Self.queueBytes else {
            queued.subtract(bytes.count, ordering: .relaxed)
            return count(write: "dropped")
        }
        writer.async { [self] in
            defer { queued.subtract(bytes.count, ordering: .relaxed) }
            guard isOn() else { return count(write: "dropped") }
            do throws(OriginError) {
                try store.write(Self.objectKey(key), bytes: bytes, contentType: "application/vnd.imgframe.cache-entry", timeout: Self.writeTimeout)
                succeeded()
                count(write: "written")
            } catch {
                failed(error)
                count(write: "failed")
            }
        }
    }

    private func isOn() -> Bool {
        breaker.withLock { state in
            guard let offUntil = state.offUntil else { return true }
            guard ContinuousClock.now >= offUntil else { return false }
            state = (0, nil)  // the cooldown is over: try again
            return true
        }
    }

    private func succeeded() {
        breaker.withLock { $0.failures = 0 }
    }

    /// One more failure in a row; the one that switches the tier off is logged, with its reason.
    private func failed(_ error: OriginError) {
        let switchedOff = breaker.withLock { state in
            state.failures += 1
            guard state.failures >= Self.failuresToSwitchOff && state.offUntil == nil else { return false }
            state.offUntil = .now + Self.cooldown
            return true
        }
        if switchedOff {
            logger.warning(
                "result tier \(settings.bucket.displayName) is off for \(Self.cooldown) after \(Self.failuresToSwitchOff) failures in a row; the last: \(error)"
            )
        }
    }

    private static let lookups = "imgframe_result_tier_lookups_total"
    private static let lookupsHelp = "Shared result tier lookups by outcome: hit, miss, invalid, error, timeout, off (imgframe.result_tier.lookups)."

    private func count(lookup outcome: String) -> CacheEntry? {
        registry.increment(Self.lookups, help: Self.lookupsHelp, labels: [("outcome", outcome)])
        return nil
    }

    private func count(write outcome: String) {
        registry.increment(
            "imgframe_result_tier_writes_total",
            help: "Shared result tier writes by outcome: written, failed, dropped (imgframe.result_tier.writes).",
            labels: [("outcome", outcome)])
    }
}
