import Synchronization

/// Values remembered for a short time after they were checked (`validity`): what a request resolved
/// to on the I/O lane, trusted on the event loop until it is old. A zero `validity` keeps nothing.
/// Bounded: when full it starts over.
public final class ExpiringMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let entries = Mutex<[Key: (value: Value, checked: ContinuousClock.Instant)]>([:])
    /// How long a value is trusted after it was checked.
    public let validity: Duration
    public let capacity: Int

    public init(validity: Duration, capacity: Int = 4096) {
        self.validity = validity
        self.capacity = capacity
    }

    /// The value remembered for `key` if it was checked less than `validity` ago.
    public func recent(_ key: Key) -> Value? {
        guard validity > .zero else { return nil }
        guard let entry = entries.withLock({ $0[key] }) else { return nil }
        return ContinuousClock.now - entry.checked < validity ? entry.value : nil
    }

    /// Forgets every value: each is checked again when next asked for.
    public func removeAll() {
        entries.withLock { $0.removeAll(keepingCapacity: true) }
    }

    /// Remembers `value`, just checked.
    public func remember(_ key: Key, _ value: Value) {
        guard validity > .zero else { return }
        let now = ContinuousClock.now
        entries.withLock { entries in
            if entries.count >= capacity && entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = (value, now)
        }
    }
}
