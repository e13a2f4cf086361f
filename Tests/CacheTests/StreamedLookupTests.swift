import Cache
import Foundation
import Glibc
import Testing

/// Large entries come back as a verified open file region instead of bytes, so a hit can be
/// streamed without holding the body in memory.
@Suite("result cache: streamed lookups")
struct StreamedLookupTests {
    static func noise(_ count: Int) -> [UInt8] {
        var generator = SystemRandomNumberGenerator()
        return (0..<count).map { _ in UInt8.random(in: 0...255, using: &generator) }
    }

    /// The region's bytes, read from the descriptor it hands over (which the test then owns).
    static func contents(_ file: CachedFile) throws -> [UInt8] {
        let fd = try #require(file.takeDescriptor())
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: file.length)
        let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, file.length, off_t(file.offset)) }
        #expect(n == file.length)
        #expect(file.takeDescriptor() == nil)
        return bytes
    }

    @Test("above the threshold the hit is an open file region with the exact body; below it, bytes")
    func regionOrBytes() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let big = CacheEntry(contentType: "image/png", etag: "\"big\"", created: 1, body: Self.noise(1_000_003))
        let small = CacheEntry(contentType: "image/jpeg", etag: "\"small\"", created: 2, body: Self.noise(1000))
        cache.store(big, for: CacheKey(material: "big"))
        cache.store(small, for: CacheKey(material: "small"))
        let bigHit = try #require(cache.lookup(CacheKey(material: "big"), streamingAbove: 256 * 1024))
        #expect(bigHit.contentType == "image/png" && bigHit.etag == "\"big\"" && bigHit.length == big.body.count)
        guard case .file(let file) = bigHit.body else { Issue.record("expected a file region"); return }
        #expect(try Self.contents(file) == big.body)
        let smallHit = try #require(cache.lookup(CacheKey(material: "small"), streamingAbove: 256 * 1024))
        guard case .bytes(let bytes) = smallHit.body else { Issue.record("expected bytes"); return }
        #expect(bytes == small.body && smallHit.contentType == "image/jpeg")
        #expect(cache.statistics.hits == 2 && cache.statistics.bytesServed == big.body.count + small.body.count)
    }

    @Test("the open region stays valid when the entry is evicted or replaced meanwhile")
    func survivesRemoval() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: "replaced")
        let original = CacheEntry(contentType: "image/png", etag: "\"1\"", created: 1, body: Self.noise(600_000))
        cache.store(original, for: key)
        let hit = try #require(cache.lookup(key, streamingAbove: 1024))
        cache.clear()
        cache.store(CacheEntry(contentType: "image/png", etag: "\"2\"", created: 2, body: Self.noise(600_000)), for: key)
        guard case .file(let file) = hit.body else { Issue.record("expected a file region"); return }
        #expect(try Self.contents(file) == original.body)
    }

    @Test("a damaged large body is a miss and is deleted, never returned as a region")
    func damagedLargeBody() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: "damaged")
        cache.store(CacheEntry(contentType: "image/png", etag: "\"d\"", created: 1, body: Self.noise(700_000)), for: key)
        let path = try #require(folder.files.first).path
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        bytes[bytes.count / 2] ^= 0x40
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key, streamingAbove: 1024) == nil)
        #expect(folder.files.isEmpty && cache.statistics.errors == 1)
    }
}
