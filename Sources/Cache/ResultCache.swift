import CheckedConversion
import Dispatch
import Logging
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The on-disk result cache: `<directory>/v4/ab/<key>` files, each a checked header plus the
/// encoded image. Writes are atomic (temporary file, then rename); reads verify the entry and
/// delete a bad one (a hash folder left empty by a removal is removed too); a byte budget is kept by LRU eviction in the background. Every failure is
/// logged (rate-limited) and counted, and the caller simply serves uncached: the cache never turns
/// a request into an error.
public final class ResultCache: Sendable {
    /// Where and how much to cache.
    public struct Configuration: Sendable {
        /// Default `maxBytes`: 1 GiB.
        public static let defaultMaxBytes = 1024 * 1024 * 1024
        /// Default `maxEntryBytes`: 256 MiB.
        public static let defaultMaxEntryBytes = 256 * 1024 * 1024
        /// Default `hotBytes` for a server: 16 MiB of thumbnails spares their file reads. `init` takes
        /// 0 unless told, so a cache opened only to scan or clear holds no memory.
        public static let defaultHotBytes = 16 * 1024 * 1024

        public var directory: String
        /// Byte budget for all entries; eviction brings the folder back under it.
        public var maxBytes: Int
        /// `fsync` each entry and its folder before it counts as written (slower, survives power loss).
        public var fsync: Bool
        /// Largest entry body stored; a larger result is served but not cached. Default 256 MiB.
        public var maxEntryBytes: Int
        /// Bytes of verified small bodies kept in memory (LRU), so a repeated hit reads no file and
        /// hashes nothing; 0 turns the hot set off. Each body may take at most an eighth of it.
        public var hotBytes: Int

        public init(
            directory: String, maxBytes: Int = Configuration.defaultMaxBytes, fsync: Bool = false,
            maxEntryBytes: Int = Configuration.defaultMaxEntryBytes, hotBytes: Int = 0
        ) {
            self.directory = directory
            self.maxBytes = maxBytes
            self.fsync = fsync
            self.maxEntryBytes = maxEntryBytes
            self.hotBytes = hotBytes
        }
    }

    /// Points where tests can make a write fail as a crash or a full disk would.
    public enum FaultPoint: Sendable { case beforeWrite, beforeRename }

    public let configuration: Configuration
    public let statistics = CacheStatistics()
    private let logger: Logger
    /// The index and the hot set, under one lock: a hit from memory marks its entry used in both at once.
    let memory: Mutex<(index: CacheIndex, hot: HotSet)>
    private let evicting = Atomic<Bool>(false)
    let maintenance = DispatchQueue(label: "imgframe.cache.maintenance", qos: .utility)
    private let errorLog: RateLimitedLog
    private let faults: (@Sendable (FaultPoint) -> Int32?)?
    private let sequence = Atomic<Int>(0)
    /// Raised by every purge, under the memory lock: a lookup keeps what it read in the hot set only
    /// when no purge ran meanwhile (the file it read may be one the purge removed).
    let purgeGeneration = Atomic<Int>(0)

    /// Eviction stops once the cache is this fraction of its budget, so it does not run on every write.
    static let lowWaterMark = 0.9

    /// - Parameter faults: test hook; returning an `errno` at a point makes that write fail there.
    public init(configuration: Configuration, logger: Logger, faults: (@Sendable (FaultPoint) -> Int32?)? = nil) {
        self.configuration = configuration
        self.logger = logger
        self.errorLog = RateLimitedLog(logger: logger)
        self.faults = faults
        memory = Mutex((CacheIndex(), HotSet(capacity: configuration.hotBytes)))
    }

    private var versionRoot: String { configuration.directory + "/v\(CacheKey.formatVersion)" }

    func path(_ key: CacheKey) -> String { versionRoot + "/" + key.relativePath }

    // MARK: reading

    /// The entry for `key` if a valid one is on disk. Invalid entries are deleted and count as misses.
    public func lookup(_ key: CacheKey) -> CacheEntry? {
        guard let hit = lookup(key, streamingAbove: Int.max), case .bytes(let body) = hit.body else { return nil }
        return CacheEntry(contentType: hit.contentType, etag: hit.etag, created: hit.created, body: body, tags: hit.tags)
    }

    /// The entry for `key` if a valid one is on disk, with a body longer than `threshold` bytes left
    /// in the file (verified in chunks, returned open) so it can be streamed without being held in
    /// memory; shorter bodies come back as bytes. Invalid entries are deleted and count as misses.
    public func lookup(_ key: CacheKey, streamingAbove threshold: Int) -> CacheHit? {
        if let hit = lookupInMemory(key) { return hit }
        let generation = purgeGeneration.load(ordering: .acquiring)
        let file = path(key)
        let hit: CacheHit?
        do {
            hit = try EntryReader.read(file, streamingAbove: threshold, limit: configuration.maxEntryBytes + EntryFile.maxHeaderBytes)
        } catch {
            switch error {
            case .io(let failure):
                fail("read \(key.hex.prefix(12))", failure.description)
            case .invalid(let reason):
                // A torn, truncated or flipped entry: never serve it; the caller renders it again.
                FileIO.removeEntry(file)
                memory.withLock { memory in
                    memory.hot.remove(key)
                    memory.index.remove(key.hex)
                }
                fail("invalid entry \(key.hex.prefix(12)) removed", "\(reason)")
            }
            hit = nil
        }
        guard let hit else {
            CacheStatistics.add(statistics.missCount)
            return nil
        }
        memory.withLock { memory in
            memory.index.touch(key.hex)
            if case .bytes(let body) = hit.body, purgeGeneration.load(ordering: .relaxed) == generation {
                memory.hot.insert(key, contentType: hit.contentType, etag: hit.etag, created: hit.created, body: body, tags: hit.tags)
            }
        }
        CacheStatistics.add(statistics.hitCount)
        CacheStatistics.add(statistics.bytesServedCount, hit.length)
        return hit
    }

    /// The entry for `key` if it is in the hot set, without touching the disk (a miss here is not
    /// counted: the caller goes on to `lookup`).
    public func lookupInMemory(_ key: CacheKey) -> CacheHit? {
        // Verified when it was read from disk; its file has not been replaced or removed since.
        let found = memory.withLock { memory in
            let entry = memory.hot.get(key)
            if entry != nil { memory.index.touch(key.hex) }
            return entry
        }
        guard let entry = found else { return nil }
        CacheStatistics.add(statistics.hitCount)
        CacheStatistics.add(statistics.bytesServedCount, entry.body.count)
        return CacheHit(contentType: entry.contentType, etag: entry.etag, created: entry.created, body: .bytes(entry.body), tags: entry.tags)
    }

    // MARK: writing

    /// Writes `entry` under `key`: a temporary file in the same folder, then `rename`, so readers see
    /// the old state or the whole new entry, never a part. Failures are logged and swallowed.
    public func store(_ entry: CacheEntry, for key: CacheKey) {
        guard entry.body.count <= configuration.maxEntryBytes, EntryFile.fits(entry) else { return }
        let final = path(key)
        let folder = String(final[..<final.lastIndex(of: "/")!])
        let temporary = folder + "/.\(key.hex).tmp.\(getpid()).\(sequence.add(1, ordering: .relaxed).newValue)"
        let bytes = EntryFile.encode(entry)
        var crashed = false
        do {
            if let code = faults?(.beforeWrite) { throw FileIO.Failure(call: "write (injected)", code: code) }
            try create(temporary, bytes, in: folder)
            if let code = faults?(.beforeRename) {
                // Simulates a crash between write and rename: the temporary file stays behind.
                crashed = true
                throw FileIO.Failure(call: "rename (injected crash)", code: code)
            }
            try FileIO.rename(temporary, final)
            // The file was replaced: a hot copy of the old one must not outlive it.
            memory.withLock { $0.hot.remove(key) }
            if configuration.fsync { FileIO.syncDirectory(folder) }
        } catch {
            if !crashed { FileIO.remove(temporary) }
            fail("write \(key.hex.prefix(12))", "\(error)")
            return
        }
        CacheStatistics.add(statistics.bytesWrittenCount, bytes.count)
        let over = memory.withLock { memory in
            memory.index.insert(key.hex, size: bytes.count, tags: entry.tags)
            return memory.index.totalBytes > configuration.maxBytes
        }
        if over { scheduleEviction() }
    }

    /// Stores `entry`, found elsewhere (the shared result tier), under `key`, and gives it back as
    /// the hit to answer with.
    public func adopt(_ entry: CacheEntry, for key: CacheKey) -> CacheHit {
        store(entry, for: key)
        return CacheHit(contentType: entry.contentType, etag: entry.etag, created: entry.created, body: .bytes(entry.body), tags: entry.tags)
    }

    /// Creates the temporary file in its fan-out folder, making the folder only when it is missing
    /// (a new cache, or an eviction removed it emptied): one `open` in the common case, not a
    /// `mkdir` per component on every store.
    private func create(_ temporary: String, _ bytes: [UInt8], in folder: String) throws(FileIO.Failure) {
        do {
            try FileIO.create(temporary, bytes, sync: configuration.fsync)
        } catch {
            guard error.code == ENOENT else { throw error }
            try FileIO.makeDirectories(folder)
            try FileIO.create(temporary, bytes, sync: configuration.fsync)
        }
    }

    private func fail(_ what: String, _ detail: String) {
        CacheStatistics.add(statistics.errorCount)
        errorLog.warning("cache \(what) failed: \(detail); serving uncached")
    }

    // MARK: budget

    /// Entries and bytes the index holds.
    public var usage: (entries: Int, bytes: Int) {
        memory.withLock { ($0.index.count, $0.index.totalBytes) }
    }

    private func scheduleEviction() {
        guard evicting.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing).exchanged else { return }
        maintenance.async { [self] in
            evictionPass()
            evicting.store(false, ordering: .releasing)
        }
    }

    /// Deletes least-recently-used entries until the cache is under its low-water mark, on the
    /// maintenance queue, and returns when done (after any background pass in progress, so the
    /// folder is settled). For tests and operators; requests never wait for it.
    public func evictNow() {
        maintenance.sync { evictionPass() }
    }

    /// One eviction pass; runs on the maintenance queue only.
    private func evictionPass() {
        dispatchPrecondition(condition: .onQueue(maintenance))
        let target = Int(saturating: Double(configuration.maxBytes) * Self.lowWaterMark)
        let victims: [(String, Int)] = memory.withLock { memory in
            guard memory.index.totalBytes > configuration.maxBytes else { return [] }
            var excess = memory.index.totalBytes - target
            var chosen: [(String, Int)] = []
            for (hex, item) in memory.index.byAge where excess > 0 {
                chosen.append((hex, item.size))
                excess -= item.size
            }
            for (hex, _) in chosen {
                memory.index.remove(hex)
                memory.hot.remove(CacheKey(hex: hex))
            }
            return chosen
        }
        for (hex, _) in victims {
            let key = CacheKey(hex: hex)
            FileIO.removeEntry(path(key))
            CacheStatistics.add(statistics.evictionCount)
        }
        if !victims.isEmpty { logger.debug("cache evicted \(victims.count) entries") }
    }

    // MARK: start-up

    /// Scans the folder: removes earlier formats' entries and temporary files a crash left behind,
    /// builds the index (oldest file first), and evicts if over budget. Call once at start-up; `completion` runs when done.
    public func start(completion: (@Sendable () -> Void)? = nil) {
        maintenance.async { [self] in
            removeEarlierFormats()
            scan()
            evictionPass()
            completion?()
        }
    }

    /// Deletes the folders of earlier entry formats (`v2` and before): this version never reads
    /// them, and they would otherwise hold their disk space outside the byte budget for good.
    private func removeEarlierFormats() {
        for name in FileIO.list(configuration.directory) where name.hasPrefix("v") {
            guard let version = Int(name.dropFirst()), version < CacheKey.formatVersion else { continue }
            FileIO.removeTree(configuration.directory + "/" + name)
            logger.info(
                "cache at \(configuration.directory): removed the entries of format \(version) (this version writes format \(CacheKey.formatVersion))"
            )
        }
    }

    /// The synchronous scan behind `start` (also used by `imgframe cache stats`).
    public func scan() {
        var found: [(hex: String, size: Int, modified: Int, tags: [String])] = []
        var staleTemporaries = 0
        for fanOut in FileIO.list(versionRoot) {
            let folder = versionRoot + "/" + fanOut
            for name in FileIO.list(folder) {
                let file = folder + "/" + name
                if name.contains(".tmp.") {
                    FileIO.remove(file)
                    staleTemporaries += 1
                } else if name.count == 64, let info = FileIO.sizeAndModified(file) {
                    // The header's tags, so a purge finds the entry; an unreadable header is left
                    // to the read that finds it invalid.
                    found.append((name, info.size, info.modified, Self.tags(of: file)))
                }
            }
        }
        found.sort { $0.modified < $1.modified }
        memory.withLock { memory in
            for (order, item) in found.enumerated() { memory.index.insert(item.hex, size: item.size, lastUse: UInt64(order), tags: item.tags) }
            memory.index.advanceClock(past: UInt64(found.count))
        }
        logger.info("cache at \(configuration.directory): \(found.count) entries, removed \(staleTemporaries) stale temporary files")
    }

    /// Deletes every entry (and temporary file) of this cache format version.
    public func clear() {
        for fanOut in FileIO.list(versionRoot) {
            let folder = versionRoot + "/" + fanOut
            for name in FileIO.list(folder) { FileIO.remove(folder + "/" + name) }
            rmdir(folder)
        }
        memory.withLock { memory in
            memory.index = CacheIndex()
            memory.hot.removeAll()
        }
    }

    /// Entries and bytes held in memory by the hot set.
    public var hotUsage: (entries: Int, bytes: Int) {
        memory.withLock { ($0.hot.items.count, $0.hot.totalBytes) }
    }
}

extension CacheKey {
    /// A key from its hex digits (as found on disk).
    init(hex: String) {
        self.init(rawHex: hex)
    }
}

/// Logs a warning at most once per interval, counting what it held back, so a full disk does not
/// flood the log with one line per request.
final class RateLimitedLog: Sendable {
    private let logger: Logger
    private let state = Mutex<(last: ContinuousClock.Instant?, suppressed: Int)>((nil, 0))
    static let interval: Duration = .seconds(10)

    init(logger: Logger) {
        self.logger = logger
    }

    func warning(_ message: String) {
        let now = ContinuousClock.now
        let suppressed: Int? = state.withLock { state in
            if let last = state.last, now - last < Self.interval {
                state.suppressed += 1
                return nil
            }
            defer { state = (now, 0) }
            return state.suppressed
        }
        guard let suppressed else { return }
        logger.warning("\(message)\(suppressed > 0 ? " (\(suppressed) similar messages suppressed)" : "")")
    }
}
