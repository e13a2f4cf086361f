import Cache
import Foundation
import Testing

@Suite("hot set")
struct HotSetTests {
    /// The entry file of `key` in `folder`.
    private func file(of key: CacheKey, in folder: CacheFolder) -> URL {
        let hex = key.hex
        return folder.url.appendingPathComponent("v\(CacheKey.formatVersion)/\(hex.prefix(2))/\(hex)")
    }

    @Test("a hot entry is served without its file; once out of the hot set the file is verified again")
    func servedFromMemoryThenReverified() throws {
        let folder = try CacheFolder()
        let cache = folder.cache(hotBytes: 8000)
        let key = CacheKey(material: "hot a")
        cache.store(entry(1), for: key)
        #expect(cache.hotUsage.entries == 0, "a write alone does not make an entry hot")
        #expect(cache.lookup(key) == entry(1))
        #expect(cache.hotUsage.entries == 1 && cache.hotUsage.bytes == 1000)
        // Damage the file: the hot copy, verified when it was read, is still what is served.
        var bytes = [UInt8](try Data(contentsOf: file(of: key, in: folder)))
        bytes[bytes.count - 5] ^= 0x01
        try Data(bytes).write(to: file(of: key, in: folder))
        #expect(cache.lookup(key) == entry(1))
        #expect(cache.statistics.errors == 0 && cache.statistics.hits == 2)
        // Newer entries push it out of the 8000-byte hot set; the next read verifies the file, finds
        // the damage, deletes it and misses.
        for fill in UInt8(2)...UInt8(9) {
            let other = CacheKey(material: "hot \(fill)")
            cache.store(entry(fill), for: other)
            #expect(cache.lookup(other) == entry(fill))
        }
        #expect(cache.hotUsage.bytes <= 8000)
        #expect(cache.lookup(key) == nil)
        #expect(cache.statistics.errors == 1 && !FileManager.default.fileExists(atPath: file(of: key, in: folder).path))
    }

    @Test("a replaced entry drops its hot copy")
    func replaced() throws {
        let folder = try CacheFolder()
        let cache = folder.cache(hotBytes: 1 << 20)
        let key = CacheKey(material: "hot b")
        cache.store(entry(1), for: key)
        #expect(cache.lookup(key) == entry(1))
        cache.store(entry(2), for: key)
        #expect(cache.hotUsage.entries == 0)
        #expect(cache.lookup(key) == entry(2))
    }

    @Test("an evicted entry drops its hot copy: a hit never outlives its file")
    func evicted() throws {
        let folder = try CacheFolder()
        let cache = folder.cache(maxBytes: 3000, hotBytes: 1 << 20)
        let keys = (0..<3).map { CacheKey(material: "hot evict \($0)") }
        for (n, key) in keys.enumerated() {
            cache.store(entry(UInt8(n)), for: key)
            #expect(cache.lookup(key) == entry(UInt8(n)))
        }
        cache.evictNow()
        let (entries, _) = cache.usage
        #expect(entries < 3 && cache.hotUsage.entries == entries)
        #expect(cache.lookup(keys[0]) == nil, "the least recently used entry is gone from disk and memory")
    }

    @Test("hot_bytes 0 keeps nothing in memory; clear empties the hot set")
    func offAndCleared() throws {
        let folder = try CacheFolder()
        let off = folder.cache()
        let key = CacheKey(material: "hot c")
        off.store(entry(3), for: key)
        #expect(off.lookup(key) == entry(3) && off.hotUsage.entries == 0)
        let on = folder.cache(hotBytes: 1 << 20)
        #expect(on.lookup(key) == entry(3) && on.hotUsage.entries == 1)
        on.clear()
        #expect(on.hotUsage.entries == 0 && on.lookup(key) == nil)
    }
}
