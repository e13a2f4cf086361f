import Dispatch
import Foundation
import HTTPTestSupport
import Origins
import Service
import ServiceTestSupport
import Testing

/// Originals from HTTP(S) origins, against a real nginx on loopback (`TestOrigin`): the mapping,
/// the originals cache (downloaded once, revalidated with the origin's validators, a changed
/// original making a new result), the limits (timeout, size cap) and the safety rules (no
/// redirects, no private addresses unless internal, TLS verified), and errors that name the source
/// without passing on the origin's body.
@Suite("HTTP(S) origins", .serialized)
struct HTTPOriginTests {
    static func sample(_ name: String) throws -> [UInt8] {
        try ServiceFixture.sample(name)
    }

    /// A service whose origins are the nginx fixture's locations (`ServiceFixture(origin:)`).
    static func service(_ origin: TestOrigin, _ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws -> ServiceFixture {
        try ServiceFixture(origin: origin, configure)
    }

    @Test("a miss reads the original from its origin once; other sizes of it come from the originals cache")
    func downloadOnce() throws {
        let origin = try TestOrigin()
        try origin.write("photos/a.jpg", try Self.sample("avatar.jpg"))
        let fixture = try Self.service(origin)
        let first = try fixture.get("/img/cdn/photos/a.jpg?w=40&h=40&fmt=png")
        #expect(first.status == 200 && first.header("X-Cache") == "MISS" && first.header("Content-Type") == "image/png")
        #expect(try fixture.get("/img/cdn/photos/a.jpg?w=40&h=40&fmt=png").header("X-Cache") == "HIT")
        #expect(try fixture.get("/img/cdn/photos/a.jpg?w=60&h=60&fmt=png").status == 200)
        #expect(origin.statuses(for: "/photos/a.jpg") == [200])
        // `/info` reads the same original, from the originals cache.
        let info = try fixture.get("/info/cdn/photos/a.jpg")
        #expect(info.status == 200 && info.text.contains("\"width\":400"))
        #expect(origin.statuses(for: "/photos/a.jpg") == [200])
        // The local root is still served beside the origin.
        #expect(try fixture.get("/img/dot_green.png?w=10").status == 200)
    }

    @Test("concurrent requests for one new original download it once")
    func concurrentDownload() throws {
        let origin = try TestOrigin()
        try origin.write("b.jpg", try Self.sample("landscape_4.jpg"))
        let fixture = try Self.service(origin)
        let statuses = Mutex8()
        let port = fixture.service.port
        DispatchQueue.concurrentPerform(iterations: 8) { index in
            let status = try? {
                let client = try RawClient(port: port)
                try client.send("GET /img/cdn/b.jpg?w=\(20 + index)&fmt=jpeg HTTP/1.1\r\nHost: test\r\n\r\n")
                return try client.readResponse().status
            }()
            statuses.append(status ?? 0)
        }
        #expect(statuses.values == Array(repeating: 200, count: 8))
        #expect(origin.statuses(for: "/b.jpg") == [200])
    }

    @Test("after revalidate_after the origin is asked with its validators: 304 keeps the copy, a change makes a new result")
    func revalidation() throws {
        let origin = try TestOrigin()
        try origin.write("c.png", try Self.sample("dot_green.png"))
        let fixture = try Self.service(origin) { $0.originsRevalidateAfter = .zero }
        let first = try fixture.get("/img/cdn/c.png?w=8&fmt=png")
        #expect(first.status == 200)
        let again = try fixture.get("/img/cdn/c.png?w=8&fmt=png")
        #expect(again.header("X-Cache") == "HIT" && again.header("ETag") == first.header("ETag"))
        #expect(origin.statuses(for: "/c.png") == [200, 304])
        #expect(origin.conditionalHeaders(for: "/c.png").last?.hasPrefix("\"") == true, "If-None-Match carried the origin's ETag")

        try origin.write("c.png", try Self.sample("avatar.jpg"))  // a different image under the same name
        let changed = try fixture.get("/img/cdn/c.png?w=8&fmt=png")
        #expect(changed.status == 200 && changed.header("X-Cache") == "MISS")
        #expect(changed.header("ETag") != first.header("ETag") && changed.body != first.body)
        #expect(origin.statuses(for: "/c.png") == [200, 304, 200])
    }

    @Test("Image(\"cdn/…\") inside a request resolves through the same mapping")
    func overlayFromOrigin() throws {
        let origin = try TestOrigin()
        try origin.write("marks/dot.png", try Self.sample("dot_green.png"))
        let fixture = try Self.service(origin)
        #expect(try fixture.get("/img/landscape_4.jpg?w=100&h=100&mode=fill&overlay=cdn/marks/dot.png").status == 200)
        #expect(origin.statuses(for: "/marks/dot.png") == [200])
    }

    @Test("origin errors: 404 is 404, 5xx is 502 without the origin's body, nothing is cached")
    func originErrors() throws {
        let origin = try TestOrigin()
        let fixture = try Self.service(origin)
        let missing = try fixture.get("/img/cdn/nothing.jpg?w=10")
        #expect(missing.status == 404 && missing.text.contains("nothing.jpg"))
        for _ in 0..<2 {
            let broken = try fixture.get("/img/broken/a.jpg?w=10")
            #expect(broken.status == 502 && broken.text.contains("broken/a.jpg") && broken.text.contains("503"))
            #expect(!broken.text.contains("nginx") && broken.header("Cache-Control") == "no-store")
        }
        #expect(origin.statuses(for: "/error/a.jpg") == [503, 503])
    }

    @Test("a slow origin is cut at origins.timeout with 504, and the next request tries again")
    func slowOrigin() throws {
        let origin = try TestOrigin()
        try origin.write("big.jpg", try Self.sample("landscape_4.jpg"))  // far more than 2 KB/s gives in the timeout
        let fixture = try Self.service(origin) { $0.originsTimeout = .milliseconds(500) }
        let started = Date()
        let slow = try fixture.get("/img/slow/big.jpg?w=10")
        #expect(slow.status == 504 && slow.text.contains("slow/big.jpg"))
        #expect(Date().timeIntervalSince(started) < 5)
        #expect(try fixture.get("/img/slow/big.jpg?w=10").status == 504)
        #expect(origin.requests(for: "/slow/big.jpg").count == 2)
    }

    @Test("an original over limits.source_bytes is cut at the cap and refused with 422")
    func oversizeOriginal() throws {
        let origin = try TestOrigin()
        try origin.write("large.jpg", try Self.sample("landscape_4.jpg"))
        let fixture = try Self.service(origin) { $0.render.maxSourceBytes = 100_000 }
        let response = try fixture.get("/img/cdn/large.jpg?w=10")
        #expect(response.status == 422 && response.text.contains("100000"))
        let stored = fixture.cacheFiles.filter { $0.path.contains("/originals/") }
        #expect(stored.allSatisfy { $0.size <= 100_000 }, "nothing past the cap was kept")
    }

    @Test("a decompression bomb from an origin is refused from its header (422), like a local one")
    func bombFromOrigin() throws {
        let origin = try TestOrigin()
        try origin.write("bomb.png", try ServiceFixture.pngBomb())
        let fixture = try Self.service(origin)
        let response = try fixture.get("/img/cdn/bomb.png?w=100")
        #expect(response.status == 422 && response.text.contains("too large"))
        #expect(fixture.service.cache.statistics.bytesWritten == 0)
    }

    @Test("the originals cache keeps to its byte budget, least recently used first")
    func originalsBudget() throws {
        let origin = try TestOrigin()
        try origin.write("one.jpg", try Self.sample("avatar.jpg"))
        try origin.write("two.png", try Self.sample("dot_green.png"))
        let fixture = try Self.service(origin) { $0.originsCacheBytes = 45_000 }  // room for one of them with the other
        #expect(try fixture.get("/img/cdn/one.jpg?w=10").status == 200)
        #expect(try fixture.get("/img/cdn/two.png?w=10").status == 200)
        try origin.write("three.jpg", try Self.sample("avatar.jpg"))
        #expect(try fixture.get("/img/cdn/three.jpg?w=10").status == 200)
        let bodies = fixture.cacheFiles.filter { $0.path.contains("/originals/") && $0.path.hasSuffix(".body") }
        #expect(bodies.count == 2 && bodies.map(\.size).reduce(0, +) <= 45_000, "\(bodies)")
        // `one.jpg` went first: asking for it again downloads it again.
        #expect(try fixture.get("/img/cdn/one.jpg?w=12").status == 200)
        #expect(origin.statuses(for: "/one.jpg") == [200, 200])
    }

    @Test("safety: redirects are not followed, a name resolving to loopback is refused unless internal, TLS is verified")
    func safety() throws {
        let origin = try TestOrigin()
        try origin.write("d.png", try Self.sample("dot_green.png"))
        let fixture = try Self.service(origin)
        let redirected = try fixture.get("/img/hop/d.png?w=10")
        #expect(redirected.status == 502 && redirected.text.contains("redirect"))
        #expect(origin.statuses(for: "/") == [], "the redirect's target was not fetched")

        let loopback = try fixture.get("/img/public/d.png?w=10")
        #expect(loopback.status == 502 && loopback.text.contains("address rule") && loopback.text.contains("origins.internal"))
        #expect(origin.requests(for: "/d.png").isEmpty, "no connection was made")

        let tls = try fixture.get("/img/tls/d.png?w=10")
        #expect(tls.status == 502 && tls.text.contains("certificate"))
    }

    @Test("the SSRF rule classifies private, loopback, link-local and metadata addresses")
    func addressRule() throws {
        let map = try OriginMap("a=http://127.0.0.1:1/, b=http://169.254.169.254/, c=http://[::1]:1/, d=http://10.1.2.3/")
        for origin in map.origins {
            #expect(throws: OriginError.self) { try OriginSources.checkAddress(of: origin, source: origin.name) }
        }
        #expect(throws: Never.self) { try OriginSources.checkAddress(of: try OriginMap("e=http://93.184.215.14/").origins[0], source: "e") }
    }

    @Test("the mapping: names, URLs and the errors a wrong setting gets")
    func mapping() throws {
        let map = try OriginMap("cdn=https://assets.example.com/, media=http://media.example.com:8080/images", internal: "media")
        #expect(map.origin(for: "cdn/photos/a b.jpg")?.origin.url(of: "photos/a b.jpg") == "https://assets.example.com/photos/a%20b.jpg")
        #expect(map.origin(for: "media/x.png")?.origin.url(of: "x.png") == "http://media.example.com:8080/images/x.png")
        #expect(map.origin(for: "media/x.png")?.origin.isInternal == true && map.origin(for: "cdn/x")?.origin.isInternal == false)
        #expect(map.origin(for: "local/x.png") == nil && map.origin(for: "cdn") == nil)
        for bad in ["cdn", "cdn=ftp://x/", "a/b=http://x/", "cdn=http://u:p@x/", "c=http://x/, c=http://y/"] {
            #expect(throws: OriginConfigurationError.self, "\(bad)") { try OriginMap(bad) }
        }
        #expect(throws: OriginConfigurationError.self) { try OriginMap("cdn=http://x/", internal: "other") }
    }
}

/// Statuses collected from concurrent requests.
private final class Mutex8: @unchecked Sendable {
    private let lock = NSLock()
    private var list: [Int] = []
    func append(_ value: Int) { lock.withLock { list.append(value) } }
    var values: [Int] { lock.withLock { list } }
}
