import Synchronization

/// Counters of the cache's life, for metrics and `imgframe cache stats`.
public final class CacheStatistics: Sendable {
    let hitCount = Atomic<Int>(0)
    let missCount = Atomic<Int>(0)
    let evictionCount = Atomic<Int>(0)
    let errorCount = Atomic<Int>(0)
    let bytesWrittenCount = Atomic<Int>(0)
    let bytesServedCount = Atomic<Int>(0)
    let purgedCount = Atomic<Int>(0)

    public var hits: Int { hitCount.load(ordering: .relaxed) }
    public var misses: Int { missCount.load(ordering: .relaxed) }
    public var evictions: Int { evictionCount.load(ordering: .relaxed) }
    /// Failed reads and writes, and invalid entries found.
    public var errors: Int { errorCount.load(ordering: .relaxed) }
    public var bytesWritten: Int { bytesWrittenCount.load(ordering: .relaxed) }
    public var bytesServed: Int { bytesServedCount.load(ordering: .relaxed) }
    /// Entries removed by purges (`ResultCache.purge(tag:)`).
    public var purged: Int { purgedCount.load(ordering: .relaxed) }

    static func add(_ counter: borrowing Atomic<Int>, _ value: Int = 1) {
        counter.add(value, ordering: .relaxed)
    }
}
