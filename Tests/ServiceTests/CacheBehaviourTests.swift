import Cache
import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

@Suite("result cache over HTTP")
struct CacheBehaviourTests {
    static let target = "/img/landscape_4.jpg?w=200&h=150&mode=fill&fmt=png"

    @Test("hit after miss: identical bytes and ETag, X-Cache flips, libvips not touched again")
    func hitAfterMiss() throws {
        let fixture = try ServiceFixture()
        let miss = try fixture.get(Self.target)
        let hit = try fixture.get(Self.target)
        #expect(miss.header("X-Cache") == "MISS" && hit.header("X-Cache") == "HIT")
        #expect(hit.body == miss.body && hit.header("ETag") == miss.header("ETag"))
        #expect(hit.header("Content-Type") == "image/png" && hit.header("Cache-Control") == miss.header("Cache-Control"))
        #expect(fixture.service.statistics.renders == 1)
        #expect(fixture.service.cache.statistics.hits == 1)
        // Equivalent URLs share the entry.
        #expect(try fixture.get("/img/landscape_4.jpg?fmt=png&mode=fill&h=150&w=200").header("X-Cache") == "HIT")
    }

    @Test("32 concurrent identical requests render exactly once")
    func singleFlight() throws {
        let fixture = try ServiceFixture()
        let target = "/img/landscape_4.jpg?w=1600&h=1200&mode=fill&fmt=png"
        let clients = try (0..<32).map { _ in try fixture.client() }
        for client in clients { try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n") }
        let responses = try clients.map { try $0.readResponse() }
        #expect(responses.allSatisfy { $0.status == 200 })
        #expect(Set(responses.map(\.body)).count == 1)
        #expect(fixture.service.statistics.renders == 1)
        // Several requests waited for the one render (rather than all arriving after it was cached).
        #expect(responses.filter { $0.header("X-Cache") == "MISS" }.count > 1)
    }

    @Test("a damaged entry is regenerated, never served", arguments: ["truncate", "flip", "header"])
    func damagedEntry(_ damage: String) throws {
        let fixture = try ServiceFixture()
        let original = try fixture.get(Self.target)
        let file = URL(fileURLWithPath: try #require(fixture.cacheFiles.first).path)
        var bytes = [UInt8](try Data(contentsOf: file))
        switch damage {
        case "truncate": bytes.removeLast(bytes.count / 2)
        case "flip": bytes[bytes.count - 100] ^= 0xFF
        default: bytes[0] = UInt8(ascii: "X")
        }
        try Data(bytes).write(to: file)
        let again = try fixture.get(Self.target)
        #expect(again.status == 200 && again.header("X-Cache") == "MISS" && again.body == original.body)
        #expect(fixture.service.statistics.renders == 2 && fixture.service.cache.statistics.errors == 1)
        #expect(try fixture.get(Self.target).header("X-Cache") == "HIT")
    }

    @Test("a crash between write and rename never yields a served entry")
    func crash() throws {
        let fixture = try ServiceFixture(faults: { $0 == .beforeRename ? EIO : nil })
        let first = try fixture.get(Self.target)
        let second = try fixture.get(Self.target)
        #expect(first.status == 200 && second.status == 200 && second.header("X-Cache") == "MISS" && second.body == first.body)
        #expect(fixture.cacheFiles.allSatisfy { $0.path.contains(".tmp.") })
        #expect(fixture.service.statistics.renders == 2)
    }

    @Test("unusable cache folder or a full disk: still 200, uncached, errors counted")
    func cacheFailures() throws {
        let full = try ServiceFixture(faults: { $0 == .beforeWrite ? ENOSPC : nil })
        for _ in 0..<3 { #expect(try full.get(Self.target).status == 200) }
        #expect(full.service.statistics.renders == 3 && full.service.cache.statistics.errors == 3)

        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-blocker-\(UUID().uuidString)")
        try Data("file, not folder".utf8).write(to: blocker)
        defer { try? FileManager.default.removeItem(at: blocker) }
        let unusable = try ServiceFixture { $0.cacheDirectory = blocker.path + "/cache" }
        for _ in 0..<2 {
            let response = try unusable.get(Self.target)
            #expect(response.status == 200 && response.header("X-Cache") == "MISS")
        }
    }

    @Test("budget: past it the folder is brought under it, recently used entries survive")
    func budget() throws {
        let fixture = try ServiceFixture { $0.cacheMaxBytes = 60_000 }
        let hot = "/img/dot_green.png?w=40&fmt=png"
        _ = try fixture.get(hot)
        for i in 0..<40 {
            _ = try fixture.get("/img/landscape_4.jpg?w=\(60 + i)&h=60&mode=fill&fmt=jpeg&q=90")
            #expect(try fixture.get(hot).status == 200)
        }
        fixture.service.cache.evictNow()
        let onDisk = fixture.cacheFiles.reduce(0) { $0 + $1.size }
        #expect(onDisk <= 60_000)
        #expect(fixture.service.cache.statistics.evictions > 0)
        #expect(try fixture.get(hot).header("X-Cache") == "HIT")
    }

    @Test("touching the source file gives new content (source_check 0: at once)")
    func touchedSource() throws {
        let fixture = try ServiceFixture { $0.sourceCheck = .zero }
        let target = "/img/sub/dot.png?w=40&fmt=png"
        let before = try fixture.get(target)
        #expect(try fixture.get(target).header("X-Cache") == "HIT")
        let file = fixture.root.appendingPathComponent("sub/dot.png")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: ServiceFixture.samples.appendingPathComponent("landscape_4.jpg"), to: file)
        let after = try fixture.get(target)
        #expect(after.header("X-Cache") == "MISS" && after.header("ETag") != before.header("ETag") && after.body != before.body)
    }
}

@Suite("cache hit path")
struct CacheHitPathTests {
    static let target = "/img/sub/dot.png?w=40&fmt=png"

    @Test("a hit after the first is served from memory: deleting the entry file changes nothing")
    func hotHit() throws {
        let fixture = try ServiceFixture()
        let miss = try fixture.get(Self.target)
        #expect(try fixture.get(Self.target).header("X-Cache") == "HIT")
        for file in fixture.cacheFiles { try FileManager.default.removeItem(atPath: file.path) }
        let hot = try fixture.get(Self.target)
        #expect(hot.status == 200 && hot.header("X-Cache") == "HIT" && hot.body == miss.body && hot.header("ETag") == miss.header("ETag"))
        #expect(fixture.service.statistics.renders == 1)
    }

    @Test("a hit over the streaming threshold is sent from the cache file (sendfile), byte-equal to the render")
    func largeHit() throws {
        let fixture = try ServiceFixture()
        let target = "/img/landscape_4.jpg?w=800&h=600&mode=fill&fmt=png"
        let miss = try fixture.get(target)
        #expect(miss.status == 200 && miss.body.count > 256 * 1024)
        for _ in 0..<2 {
            let hit = try fixture.get(target)
            #expect(hit.header("X-Cache") == "HIT" && hit.body == miss.body && hit.header("Content-Length") == String(miss.body.count))
        }
        #expect(fixture.service.cache.hotUsage.entries == 0, "large entries are streamed, not kept in memory")
    }

    @Test("a changed source is seen once the source_check window has passed, not before")
    func sourceCheckWindow() throws {
        let fixture = try ServiceFixture { $0.sourceCheck = .milliseconds(400) }
        let before = try fixture.get(Self.target)
        let file = fixture.root.appendingPathComponent("sub/dot.png")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.copyItem(at: ServiceFixture.samples.appendingPathComponent("landscape_4.jpg"), to: file)
        let within = try fixture.get(Self.target)
        #expect(within.header("X-Cache") == "HIT" && within.header("ETag") == before.header("ETag"), "served from the remembered identity")
        usleep(500_000)
        let after = try fixture.get(Self.target)
        #expect(after.header("X-Cache") == "MISS" && after.header("ETag") != before.header("ETag") && after.body != before.body)
    }

    @Test("cache.hot_bytes and cache.source_check are settings")
    func settings() throws {
        let configuration = try ConfigurationLoader.load(
            file: nil, environment: ["IMGFRAME_CACHE_HOT_BYTES": "0"], flags: [("cache.source_check", "250ms")])
        #expect(configuration.cacheHotBytes == 0 && configuration.sourceCheck == .milliseconds(250))
        #expect(ServiceConfiguration().cacheHotBytes == 16 * 1024 * 1024 && ServiceConfiguration().sourceCheck == .seconds(1))
    }
}
