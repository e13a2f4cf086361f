import Cache
import Foundation
import Testing

/// A purge finds its entries through the index's tags: written with each entry (in its header),
/// read back by the start-up scan, dropped with the entry; the files, the index and the hot set
/// all lose a purged entry, and entries with other tags stay.
@Suite("purge by tag")
struct PurgeIndexTests {
    static func tagged(_ fill: UInt8, _ tags: [String]) -> CacheEntry {
        var value = entry(fill)
        value.tags = tags
        return value
    }

    @Test("the tags are in the entry's header and read back with it, from disk and from the tier's bytes")
    func roundTrip() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: "tags a")
        let stored = Self.tagged(1, ["s-0123456789abcdef", "t-fedcba9876543210"])
        cache.store(stored, for: key)
        #expect(cache.lookup(key) == stored)
        let file = try #require(folder.files.first)
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: file.path)).prefix(400), as: UTF8.self)
        #expect(text.hasPrefix("IMGFRAME-CACHE 4\n") && text.contains("\ntags: s-0123456789abcdef t-fedcba9876543210\nchecksum: "), "\(text)")
        #expect(CacheEntry(fileBytes: stored.fileBytes) == stored)
        // A flipped tag is caught by the checksum like any other header field.
        let spoiled = String(decoding: stored.fileBytes, as: UTF8.self).replacingOccurrences(of: "s-0123", with: "s-9123")
        #expect(spoiled.utf8.count == stored.fileBytes.count && CacheEntry(fileBytes: Array(spoiled.utf8)) == nil)
    }

    @Test("a purge removes every entry with the tag, file and index and hot copy; others stay")
    func purgeRemovesTagged() throws {
        let folder = try CacheFolder()
        let cache = folder.cache(hotBytes: 64_000)
        let a = CacheKey(material: "a"), b = CacheKey(material: "b"), c = CacheKey(material: "c")
        cache.store(Self.tagged(1, ["s-aaaaaaaaaaaaaaaa"]), for: a)
        cache.store(Self.tagged(2, ["s-aaaaaaaaaaaaaaaa", "s-bbbbbbbbbbbbbbbb"]), for: b)
        cache.store(Self.tagged(3, ["s-bbbbbbbbbbbbbbbb"]), for: c)
        for key in [a, b, c] { #expect(cache.lookup(key) != nil) }
        #expect(cache.hotUsage.entries == 3)
        #expect(Set(cache.keys(tagged: "s-aaaaaaaaaaaaaaaa")) == [a, b])

        #expect(Set(cache.purge(tag: "s-aaaaaaaaaaaaaaaa")) == [a, b])
        #expect(cache.lookupInMemory(a) == nil && cache.lookupInMemory(b) == nil, "the hot copies are gone")
        #expect(cache.lookup(a) == nil && cache.lookup(b) == nil, "and the files")
        #expect(cache.lookup(c) == Self.tagged(3, ["s-bbbbbbbbbbbbbbbb"]))
        #expect(folder.files.count == 1 && cache.usage.entries == 1 && cache.statistics.purged == 2)
        // The purged entry left the other tag's list as well.
        #expect(cache.keys(tagged: "s-bbbbbbbbbbbbbbbb") == [c])
        #expect(cache.purge(tag: "s-aaaaaaaaaaaaaaaa").isEmpty)
    }

    @Test("the start-up scan reads each entry's tags, so a purge after a restart finds them")
    func scanRebuildsTags() throws {
        let folder = try CacheFolder()
        let before = folder.cache()
        let a = CacheKey(material: "a"), b = CacheKey(material: "b")
        before.store(Self.tagged(1, ["s-aaaaaaaaaaaaaaaa", "t-cccccccccccccccc"]), for: a)
        before.store(Self.tagged(2, ["s-bbbbbbbbbbbbbbbb"]), for: b)

        let after = folder.cache()
        after.scan()
        #expect(after.usage.entries == 2)
        #expect(after.keys(tagged: "t-cccccccccccccccc") == [a])
        #expect(after.purge(tag: "t-cccccccccccccccc") == [a])
        #expect(after.lookup(a) == nil && after.lookup(b) != nil)
    }

    @Test("an entry replaced under the same key is indexed by its new tags only")
    func replacedEntry() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: "a")
        cache.store(Self.tagged(1, ["s-aaaaaaaaaaaaaaaa"]), for: key)
        cache.store(Self.tagged(2, ["s-bbbbbbbbbbbbbbbb"]), for: key)
        #expect(cache.keys(tagged: "s-aaaaaaaaaaaaaaaa").isEmpty && cache.keys(tagged: "s-bbbbbbbbbbbbbbbb") == [key])
    }

    @Test("an entry whose header would not fit is served but not stored")
    func tooManyTags() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let tags = (0..<300).map { String(format: "s-%016x", $0) }
        cache.store(Self.tagged(1, tags), for: CacheKey(material: "many"))
        #expect(folder.files.isEmpty && cache.usage.entries == 0)
        cache.store(Self.tagged(1, Array(tags.prefix(150))), for: CacheKey(material: "enough"))
        #expect(cache.lookup(CacheKey(material: "enough"))?.tags.count == 150)
    }
}
