import Cache
import HTTP1
import Synchronization

/// Identical concurrent cache misses share one render: the first request for a key does the work,
/// later ones wait for its answer instead of rendering the same image again.
final class SingleFlight: Sendable {
    typealias Callback = @Sendable (HTTPResponse, CacheStatus) -> Void
    private let waiting = Mutex<[CacheKey: [Callback]]>([:])

    /// Registers `callback` for `key`; true when the caller is first and must do the work (and
    /// eventually call `complete`).
    func join(_ key: CacheKey, _ callback: @escaping Callback) -> Bool {
        waiting.withLock { waiting in
            if waiting[key] != nil {
                waiting[key]!.append(callback)
                return false
            }
            waiting[key] = [callback]
            return true
        }
    }

    /// Answers everyone waiting for `key`.
    func complete(_ key: CacheKey, _ response: HTTPResponse, cache: CacheStatus) {
        let callbacks = waiting.withLock { $0.removeValue(forKey: key) } ?? []
        for callback in callbacks { callback(response, cache) }
    }
}
