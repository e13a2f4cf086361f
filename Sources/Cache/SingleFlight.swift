import Synchronization

/// Identical concurrent fills share one: the first caller for a key does the work, and every later
/// caller is called back with its result instead of doing it again. Nobody waits on a thread: a
/// caller that is not first returns at once, and the first one's `complete` calls everyone back.
/// Used for renders (one per result-cache key) and for downloads (one per original's URL).
public final class SingleFlight<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    /// Called once with the shared result.
    public typealias Callback = @Sendable (Value) -> Void
    private let waiting = Mutex<[Key: [Callback]]>([:])

    public init() {}

    /// Registers `callback` for `key`; true when the caller is first and must do the work (and
    /// eventually call `complete`).
    public func join(_ key: Key, _ callback: @escaping Callback) -> Bool {
        enter(key, callback, callingBackFirst: true)
    }

    /// Like `join`, but the first caller is not called back (it has the result in hand when it
    /// calls `complete`): true when the caller is first; else `callback` is registered.
    public func lead(_ key: Key, orFollowWith callback: @escaping Callback) -> Bool {
        enter(key, callback, callingBackFirst: false)
    }

    private func enter(_ key: Key, _ callback: @escaping Callback, callingBackFirst: Bool) -> Bool {
        waiting.withLock { waiting in
            if waiting[key] != nil {
                waiting[key]!.append(callback)
                return false
            }
            waiting[key] = callingBackFirst ? [callback] : []
            return true
        }
    }

    /// Calls back everyone waiting for `key`, in the order they joined, on the calling thread.
    public func complete(_ key: Key, _ value: Value) {
        let callbacks = waiting.withLock { $0.removeValue(forKey: key) } ?? []
        for callback in callbacks { callback(value) }
    }
}
