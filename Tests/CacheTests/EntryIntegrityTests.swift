import Cache
import Foundation
import Testing

/// The checksum covers the header fields, and removals leave no empty hash folders behind.
@Suite("result cache: entry integrity and folder hygiene")
struct EntryIntegrityTests {
    /// Header edits that keep the file well-formed but change what a client would be told.
    static let headerEdits: [(String, String)] = [
        ("content-type: image/png", "content-type: text/html"),
        ("content-type: image/png", "content-type: image/pnG"),
        ("etag: \"tag9\"", "etag: \"tag8\""),
        ("created: 1795000000", "created: 1795000001"),
    ]

    @Test("an edited header field is caught by the checksum: a miss, deleted", arguments: headerEdits)
    func headerCovered(_ from: String, _ to: String) throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: "header \(to)")
        cache.store(entry(9), for: key)
        let path = try #require(folder.files.first).path
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        #expect(text.contains(from))
        try Data(text.replacingOccurrences(of: from, with: to).utf8).write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key) == nil)
        #expect(folder.files.isEmpty && cache.statistics.errors == 1)
    }

    /// Folders under the cache root (the version folder included).
    static func folders(_ folder: CacheFolder) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder.url, includingPropertiesForKeys: [.isDirectoryKey])!
        return enumerator.compactMap { $0 as? URL }.filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }.map(\.path)
    }

    @Test("eviction removes hash folders it empties and keeps those still in use")
    func evictionRemovesEmptyFolders() throws {
        let folder = try CacheFolder()
        let size = EntrySizing.onDisk(of: entry(0))
        let cache = folder.cache(maxBytes: size * 3)
        for i in 0..<40 { cache.store(entry(UInt8(i)), for: CacheKey(material: "folder \(i)")) }
        cache.evictNow()
        let files = folder.files.map(\.path)
        #expect(files.count <= 3)
        // What is left: the version folder, and for each file its hash folder (shared ones once).
        let expected = Set(files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
        let versionRoot = folder.url.appendingPathComponent("v\(CacheKey.formatVersion)").path
        #expect(Set(Self.folders(folder)) == expected.union([versionRoot]))
    }

    @Test("removing an invalid entry removes its emptied hash folder")
    func invalidRemovalRemovesFolders() throws {
        let folder = try CacheFolder()
        let cache = folder.cache()
        let key = CacheKey(material: "lonely")
        cache.store(entry(5), for: key)
        let path = try #require(folder.files.first).path
        try Data("garbage".utf8).write(to: URL(fileURLWithPath: path))
        #expect(cache.lookup(key) == nil)
        #expect(Self.folders(folder) == [folder.url.appendingPathComponent("v\(CacheKey.formatVersion)").path])
        // Storing again recreates the folder.
        cache.store(entry(5), for: key)
        #expect(cache.lookup(key) == entry(5))
    }
}
