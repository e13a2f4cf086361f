import Synchronization

/// A server-wide budget of bytes that connections may hold in file-body chunk buffers at once.
/// A connection takes a chunk's size before it allocates the chunk and gives it back once the
/// chunk is written; when the budget is spent it waits instead of allocating, so slow readers
/// cannot make the server's memory grow with their number.
final class ByteBudget: Sendable {
    private let available: Atomic<Int>
    /// The budget's size in bytes.
    let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
        available = Atomic(capacity)
    }

    /// Takes `count` bytes if that many are free; false (and nothing taken) otherwise.
    func acquire(_ count: Int) -> Bool {
        var current = available.load(ordering: .relaxed)
        while current >= count {
            let (exchanged, original) = available.compareExchange(
                expected: current, desired: current - count, ordering: .acquiringAndReleasing)
            if exchanged { return true }
            current = original
        }
        return false
    }

    /// Gives back bytes taken with `acquire`.
    func release(_ count: Int) {
        available.add(count, ordering: .acquiringAndReleasing)
    }

    /// Bytes currently free.
    var free: Int { available.load(ordering: .relaxed) }
}
