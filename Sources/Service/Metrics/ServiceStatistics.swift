import Synchronization

/// Counters of the service beyond the cache's own, for metrics and tests.
public final class ServiceStatistics: Sendable {
    let renderCount = Atomic<Int>(0)

    /// Renders started (cache misses that reached a worker).
    public var renders: Int { renderCount.load(ordering: .relaxed) }
}
