import Synchronization

/// Remembers what a request target parsed into, by (path, query): parsing is a pure function of the
/// two, and the same URLs come back again and again behind a CDN. Bounded: when full it starts over.
/// Only successful parses are kept.
final class ParseMemo<Value: Sendable>: Sendable {
    private let entries = Mutex<[TargetKey: Value]>([:])
    let capacity: Int

    init(capacity: Int = Limits.specMemoEntries) {
        self.capacity = capacity
    }

    /// The value remembered for `key`, or `parse`'s, remembered.
    func value(for key: TargetKey, parse: () throws -> Value) rethrows -> Value {
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let value = try parse()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }
}
