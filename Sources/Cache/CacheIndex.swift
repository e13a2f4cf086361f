/// What the cache knows of its entries: size and recency, for the byte budget and LRU eviction.
/// Not authoritative for lookups (the files are); built by scanning at start-up, updated on writes
/// and hits.
struct CacheIndex {
    struct Item {
        var size: Int
        var lastUse: UInt64
    }

    private(set) var items: [String: Item] = [:]
    private(set) var totalBytes = 0
    private var clock: UInt64 = 0

    mutating func insert(_ hex: String, size: Int, lastUse: UInt64? = nil) {
        remove(hex)
        clock += 1
        items[hex] = Item(size: size, lastUse: lastUse ?? clock)
        totalBytes += size
    }

    mutating func touch(_ hex: String) {
        clock += 1
        items[hex]?.lastUse = clock
    }

    mutating func remove(_ hex: String) {
        if let old = items.removeValue(forKey: hex) { totalBytes -= old.size }
    }

    /// Least recently used first.
    var byAge: [(hex: String, item: Item)] {
        items.map { ($0.key, $0.value) }.sorted { $0.item.lastUse < $1.item.lastUse }
    }

    /// Items scanned at start-up carry their file time; new uses must count as newer.
    mutating func advanceClock(past value: UInt64) {
        clock = max(clock, value)
    }
}
