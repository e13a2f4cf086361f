import Cache
import Foundation
import Logging
import Synchronization
import Testing

/// A cache in a fresh temporary folder.
final class CacheFolder {
    let url: URL
    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-cache-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }
    deinit { try? FileManager.default.removeItem(at: url) }

    func cache(maxBytes: Int = 1 << 30, hotBytes: Int = 0, faults: (@Sendable (ResultCache.FaultPoint) -> Int32?)? = nil) -> ResultCache {
        ResultCache(
            configuration: .init(directory: url.path, maxBytes: maxBytes, hotBytes: hotBytes),
            logger: Logger(label: "test") { _ in SwiftLogNoOpLogHandler() }, faults: faults)
    }

    /// Every file under the folder with its size.
    var files: [(path: String, size: Int)] {
        let enumerator = FileManager.default.enumerator(at: url, includingPropertiesForKeys: [.fileSizeKey, .isRegularFileKey])!
        return enumerator.compactMap { $0 as? URL }.compactMap { file in
            let values = try? file.resourceValues(forKeys: [.fileSizeKey, .isRegularFileKey])
            guard values?.isRegularFile == true else { return nil }
            return (file.path, values?.fileSize ?? 0)
        }
    }
}

func entry(_ fill: UInt8, size: Int = 1000) -> CacheEntry {
    CacheEntry(contentType: "image/png", etag: "\"tag\(fill)\"", created: 1_795_000_000, body: [UInt8](repeating: fill, count: size))
}

@Suite("result cache")
struct ResultCacheTests {
    @Test("a stored entry reads back identical; the layout is v<format>/ab/<key>")
    func roundTrip() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: "request a")
        #expect(cache.lookup(key) == nil)
        cache.store(entry(7), for: key)
        #expect(cache.lookup(key) == entry(7))
        #expect(cache.statistics.hits == 1 && cache.statistics.misses == 1 && cache.statistics.bytesServed == 1000)
        let hex = key.hex
        let expected = folder.url.appendingPathComponent("v\(CacheKey.formatVersion)/\(hex.prefix(2))/\(hex)").path
        #expect(folder.files.map(\.path) == [expected])
        #expect(CacheKey(material: "request a") == key && CacheKey(material: "request b") != key && key.hex.count == 64)
    }

    /// Ways an entry file can be damaged; each must be a miss, deleted, never served.
    static let damages: [(String, @Sendable (inout [UInt8]) -> Void)] = [
        ("truncated body", { $0.removeLast(10) }),
        ("truncated header", { $0 = Array($0.prefix(20)) }),
        ("flipped body byte", { $0[$0.count - 5] ^= 0x01 }),
        ("flipped header byte", { $0[2] ^= 0x20 }),
        (
            "wrong length",
            { bytes in bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "length: 1000", with: "length: 999").utf8) }
        ),
        ("bad header line", { bytes in bytes = Array(String(decoding: bytes, as: UTF8.self).replacingOccurrences(of: "etag:", with: "etag ").utf8) }),
        ("extra bytes", { $0 += [1, 2, 3] }),
        ("empty file", { $0 = [] }),
    ]

    @Test("a damaged entry is a miss, is deleted, and is never served", arguments: damages.map(\.0))
    func damaged(_ name: String) throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: name)
        cache.store(entry(9), for: key)
        let path = try #require(folder.files.first).path
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        Self.damages.first { $0.0 == name }!.1(&bytes)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key) == nil)
        #expect(folder.files.isEmpty)
        #expect(cache.statistics.errors == 1)
        cache.store(entry(9), for: key)
        #expect(cache.lookup(key) == entry(9))
    }

    @Test("a crash between write and rename leaves nothing that is ever served; start-up removes the debris")
    func crashMidWrite() throws {
        let folder = try CacheFolder()
        let key = CacheKey(material: "crash")
        let crashing = folder.cache(faults: { $0 == .beforeRename ? EIO : nil })
        crashing.store(entry(3), for: key)
        #expect(folder.files.count == 1 && folder.files[0].path.contains(".tmp."))
        #expect(crashing.lookup(key) == nil)
        let restarted = folder.cache()
        let scanned = Mutex(false)
        let done = DispatchSemaphoreBox()
        restarted.start {
            scanned.withLock { $0 = true }; done.signal()
        }
        #expect(done.wait(seconds: 10) && scanned.withLock { $0 })
        #expect(folder.files.isEmpty)
        #expect(restarted.lookup(key) == nil)
    }

    @Test("start-up removes the folders of earlier entry formats and keeps this one's entries")
    func earlierFormatsRemoved() throws {
        let folder = try CacheFolder()
        let key = CacheKey(material: "kept")
        folder.cache().store(entry(4), for: key)
        let earlier = folder.url.appendingPathComponent("v\(CacheKey.formatVersion - 1)/ab/cd")
        try FileManager.default.createDirectory(at: earlier, withIntermediateDirectories: true)
        try Data([1, 2, 3]).write(to: earlier.appendingPathComponent(String(repeating: "a", count: 64)))
        let unrelated = folder.url.appendingPathComponent("vault")
        try FileManager.default.createDirectory(at: unrelated, withIntermediateDirectories: true)
        let restarted = folder.cache()
        let done = DispatchSemaphoreBox()
        restarted.start { done.signal() }
        #expect(done.wait(seconds: 10))
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("v\(CacheKey.formatVersion - 1)").path))
        #expect(FileManager.default.fileExists(atPath: unrelated.path))
        #expect(restarted.lookup(key) == entry(4))
    }

    @Test("write failures (disk full, unusable folder) are counted and swallowed")
    func writeFailures() throws {
        let folder = try CacheFolder()
        let full = folder.cache(faults: { $0 == .beforeWrite ? ENOSPC : nil })
        full.store(entry(1), for: CacheKey(material: "x"))
        #expect(full.statistics.errors == 1 && folder.files.isEmpty)

        // A "folder" that is a file: every mkdir fails, as on a read-only or missing volume.
        let blocker = folder.url.appendingPathComponent("not-a-folder")
        try Data("x".utf8).write(to: blocker)
        let broken = ResultCache(
            configuration: .init(directory: blocker.path + "/cache", maxBytes: 1 << 20), logger: Logger(label: "t") { _ in SwiftLogNoOpLogHandler() })
        broken.store(entry(1), for: CacheKey(material: "y"))
        #expect(broken.lookup(CacheKey(material: "y")) == nil)
        #expect(broken.statistics.errors == 1)
    }

    @Test("the byte budget: past it, LRU eviction brings the folder under it and keeps recently used entries")
    func budget() throws {
        let folder = try CacheFolder()
        let entrySize = EntrySizing.onDisk(of: entry(0))
        let cache = folder.cache(maxBytes: entrySize * 10)
        let keys = (0..<30).map { CacheKey(material: "entry \($0)") }
        for (i, key) in keys.enumerated() {
            cache.store(entry(UInt8(i)), for: key)
            // Keep entry 0 in use all along.
            _ = cache.lookup(keys[0])
        }
        cache.evictNow()
        let onDisk = folder.files.reduce(0) { $0 + $1.size }
        #expect(onDisk <= entrySize * 10)
        #expect(cache.usage.bytes == onDisk)
        #expect(cache.lookup(keys[0]) == entry(0))
        #expect(cache.lookup(keys[29]) == entry(29))
        #expect(cache.lookup(keys[1]) == nil)
        #expect(cache.statistics.evictions >= 20)
    }

    @Test("start-up scan rebuilds the index from the files; clear empties the cache")
    func scanAndClear() throws {
        let folder = try CacheFolder()
        let first = folder.cache()
        for i in 0..<5 { first.store(entry(UInt8(i)), for: CacheKey(material: "s\(i)")) }
        let second = folder.cache()
        let done = DispatchSemaphoreBox()
        second.start { done.signal() }
        #expect(done.wait(seconds: 10))
        #expect(second.usage.entries == 5 && second.usage.bytes == first.usage.bytes)
        second.clear()
        #expect(folder.files.isEmpty && second.usage.entries == 0)
    }
}

/// The size an entry takes on disk (header + body), measured by writing one.
enum EntrySizing {
    static func onDisk(of entry: CacheEntry) -> Int {
        let folder = try! CacheFolder()
        folder.cache().store(entry, for: CacheKey(material: "size probe"))
        return folder.files[0].size
    }
}

/// Waits for a callback, bounded.
final class DispatchSemaphoreBox: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait(seconds: Double) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}
