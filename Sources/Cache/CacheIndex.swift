/// What a disk cache knows of its entries: size and recency, for the byte budget and LRU eviction,
/// and which entries carry each purge tag. Not authoritative for lookups (the files are); built by
/// scanning at start-up, updated on writes, hits and removals. The result cache and the originals
/// cache each keep one.
public struct CacheIndex: Sendable {
    public struct Item: Sendable {
        public var size: Int
        public var lastUse: UInt64
        /// The entry's purge tags (`CacheEntry.tags`).
        public var tags: [String] = []
    }

    /// Keyed by `CacheKey`, which hashes a quarter of the digits: a hit touches its item.
    private var items: [CacheKey: Item] = [:]
    /// The entries carrying each tag: what a purge removes.
    private var tagged: [String: Set<CacheKey>] = [:]
    public var count: Int { items.count }
    public private(set) var totalBytes = 0
    private var clock: UInt64 = 0

    public init() {}

    /// Adds (or replaces) an entry, used now unless `lastUse` says when.
    public mutating func insert(_ hex: String, size: Int, lastUse: UInt64? = nil, tags: [String] = []) {
        remove(hex)
        clock += 1
        let key = CacheKey(rawHex: hex)
        items[key] = Item(size: size, lastUse: lastUse ?? clock, tags: tags)
        for tag in tags { tagged[tag, default: []].insert(key) }
        totalBytes += size
    }

    public mutating func touch(_ hex: String) {
        clock += 1
        items[CacheKey(rawHex: hex)]?.lastUse = clock
    }

    public mutating func remove(_ hex: String) {
        let key = CacheKey(rawHex: hex)
        guard let old = items.removeValue(forKey: key) else { return }
        totalBytes -= old.size
        for tag in old.tags {
            tagged[tag]?.remove(key)
            if tagged[tag]?.isEmpty == true { tagged[tag] = nil }
        }
    }

    /// The hex keys of the entries that carry `tag`.
    public func keys(tagged tag: String) -> [String] {
        tagged[tag].map { $0.map(\.hex) } ?? []
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
