import Synchronization

/// What renders can share across requests because it depends only on its key: a gradient's colour
/// table, a symbol rasterised at a size and colour. Process-wide and bounded by bytes: when a new
/// value would pass `capacity`, everything is dropped and the memo starts over (the values are cheap
/// to make again; a view's few distinct ones come straight back).
final class RasterMemo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state = Mutex<(values: [Key: Value], bytes: Int)>(([:], 0))
    /// Most bytes the values hold together (`bytes` of each).
    let capacity: Int
    /// The bytes a value holds.
    private let bytes: @Sendable (Value) -> Int

    init(capacity: Int, bytes: @escaping @Sendable (Value) -> Int) {
        self.capacity = capacity
        self.bytes = bytes
    }

    /// The value for `key`: remembered, or made by `make` and remembered when it fits `capacity`.
    /// Concurrent first requests may both make it; either result is kept.
    func value<Failure: Error>(for key: Key, make: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let known = state.withLock({ $0.values[key] }) { return known }
        let value = try make()
        let size = bytes(value)
        guard size <= capacity else { return value }
        state.withLock { state in
            guard state.values[key] == nil else { return }
            if state.bytes + size > capacity { state = ([:], 0) }
            state.values[key] = value
            state.bytes += size
        }
        return value
    }
}
