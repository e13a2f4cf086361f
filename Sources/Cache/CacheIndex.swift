/// What a disk cache knows of its entries: size and recency, for the byte budget and LRU eviction.
/// Not authoritative for lookups (the files are); built by scanning at start-up, updated on writes
/// and hits. The result cache and the originals cache each keep one.
public struct CacheIndex: Sendable {
    public struct Item: Sendable {
        public var size: Int
        public var lastUse: UInt64
    }

    /// Keyed by `CacheKey`, which hashes a quarter of the digits: a hit touches its item.
    private var items: [CacheKey: Item] = [:]
    public var count: Int { items.count }
    public private(set) var totalBytes = 0
    private var clock: UInt64 = 0

    public init() {}

    /// Adds (or replaces) an entry, used now unless `lastUse` says when.
    public mutating func insert(_ hex: String, size: Int, lastUse: UInt64? = nil) {
        remove(hex)
        clock += 1
        items[CacheKey(rawHex: hex)] = Item(size: size, lastUse: lastUse ?? clock)
        totalBytes += size
    }

    public mutating func touch(_ hex: String) {
        clock += 1
        items[CacheKey(rawHex: hex)]?.lastUse = clock
    }

    public mutating func remove(_ hex: String) {
        if let old = items.removeValue(forKey: CacheKey(rawHex: hex)) { totalBytes -= old.size }
    }

    /// Least recently used first.
    public var byAge: [(hex: String, item: Item)] {
        items.map { ($0.key.hex, $0.value) }.sorted { $0.item.lastUse < $1.item.lastUse }
    }

    /// Items scanned at start-up carry their file time; new uses must count as newer.
    public mutating func advanceClock(past value: UInt64) {
        clock = max(clock, value)
    }
}
