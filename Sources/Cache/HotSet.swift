/// The verified cache entries kept in memory, so a repeated hit does no file I/O and no checksum:
/// least-recently-used by bytes (nginx's `open_file_cache` keeps descriptors; we keep the small
/// bodies themselves). An entry is verified once, when it is read from disk, and dropped when its
/// file is replaced, found invalid or evicted. Not authoritative: a miss here falls back to disk.
struct HotSet {
    struct Entry {
        var contentType: String
        var etag: String
        var created: Int
        var body: [UInt8]
        var tags: [String]
        var lastUse: UInt64
    }

    /// Byte budget for all bodies; 0 keeps nothing.
    let capacity: Int
    private(set) var items: [CacheKey: Entry] = [:]
    private(set) var totalBytes = 0
    private var clock: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Bodies larger than this are not kept, so one large entry cannot push out many thumbnails.
    var largestEntry: Int { capacity / 8 }

    /// The entry for `key`, marked as just used.
    mutating func get(_ key: CacheKey) -> Entry? {
        guard let index = items.index(forKey: key) else { return nil }
        clock += 1
        items.values[index].lastUse = clock
        return items.values[index]
    }

    /// Keeps `body` under `key` (when it fits), evicting the least recently used beyond the budget.
    mutating func insert(_ key: CacheKey, contentType: String, etag: String, created: Int, body: [UInt8], tags: [String]) {
        guard body.count <= largestEntry, capacity > 0 else { return }
        remove(key)
        clock += 1
        items[key] = Entry(contentType: contentType, etag: etag, created: created, body: body, tags: tags, lastUse: clock)
        totalBytes += body.count
        guard totalBytes > capacity else { return }
        // Rare (only when full): drop the oldest until at 90 % of the budget, so this does not run
        // on every insert.
        let target = capacity - capacity / 10
        for (victim, _) in items.sorted(by: { $0.value.lastUse < $1.value.lastUse }) where totalBytes > target {
            remove(victim)
        }
    }

    mutating func remove(_ key: CacheKey) {
        if let old = items.removeValue(forKey: key) { totalBytes -= old.body.count }
    }

    mutating func removeAll() {
        items.removeAll()
        totalBytes = 0
    }
}
