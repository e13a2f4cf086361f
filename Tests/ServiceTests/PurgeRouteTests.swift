import Foundation
import HTTPTestSupport
import Origins
import Service
import ServiceTestSupport
import Testing

/// `POST /admin/purge` on the metrics listener of a real server: a signed purge of a source drops
/// its results (the next request renders) and leaves other sources' results cached; it is refused
/// on the public port, unsigned, and without a signing key; with a shared tier it deletes the
/// tier's objects too.
@Suite("POST /admin/purge", .serialized)
struct PurgeRouteTests {
    static let key = "purge-test-key-0123456789abcdef-0123"
    static let signer = URLSigner(keys: [key])

    /// A service with signing on and a metrics listener; `configure` adds to it.
    static func fixture(_ configure: @escaping (inout ServiceConfiguration) -> Void = { _ in }) throws -> ServiceFixture {
        try ServiceFixture { configuration in
            configuration.signingKeys = [key]
            configuration.metricsListen = ListenAddress(host: "127.0.0.1", port: 0)
            configure(&configuration)
        }
    }

    /// A signed GET of `target` on the public port.
    static func get(_ fixture: ServiceFixture, _ target: String, headers: [String] = []) throws -> RawClient.Response {
        try fixture.get(signer.sign(target), headers: headers)
    }

    /// A request to the metrics listener (`POST` with an empty body unless told).
    static func send(_ fixture: ServiceFixture, _ target: String, method: String = "POST") throws -> RawClient.Response {
        let url = try #require(fixture.service.metricsURL)
        let client = try RawClient(port: try #require(Int(url.split(separator: ":").last!)))
        try client.send("\(method) \(target) HTTP/1.1\r\nHost: t\r\n\(method == "POST" ? "Content-Length: 0\r\n" : "")\r\n")
        return try client.readResponse()
    }

    /// A signed purge's answer, as JSON.
    static func purge(_ fixture: ServiceFixture, _ query: String) throws -> [String: Any] {
        let response = try send(fixture, signer.sign("/admin/purge?" + query, expires: Int(Date().timeIntervalSince1970) + 60))
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("Cache-Control") == "no-store")
        return try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("a purge of a source drops every result of it: the next request renders; another source's results stay hits")
    func dropsOneSource() throws {
        let fixture = try Self.fixture()
        let ofLandscape = ["/img/landscape_4.jpg?w=50", "/img/landscape_4.jpg?w=60&fmt=png", "/img/dot_green.png?w=30&overlay=landscape_4.jpg"]
        let other = "/img/dot_green.png?w=20"
        for target in ofLandscape + [other] { #expect(try Self.get(fixture, target).header("X-Cache") == "MISS", "\(target)") }
        for target in ofLandscape + [other] { #expect(try Self.get(fixture, target).header("X-Cache") == "HIT", "\(target)") }

        let answer = try Self.purge(fixture, "source=landscape_4.jpg")
        #expect(answer["tag"] as? String == PurgeTagHeaderTests.landscape)
        #expect(answer["removed"] as? Int == 3 && answer["tier"] as? Int == 0 && answer["tier_failed"] as? Int == 0, "\(answer)")
        #expect(fixture.service.cache.statistics.purged == 3)
        for target in ofLandscape { #expect(try Self.get(fixture, target).header("X-Cache") == "MISS", "\(target)") }
        #expect(try Self.get(fixture, other).header("X-Cache") == "HIT")
        // By the tag itself: the other source's result, and the overlay's render made again just now.
        let again = try Self.purge(fixture, "tag=" + PurgeTagHeaderTests.dotGreen)
        #expect(again["tag"] as? String == PurgeTagHeaderTests.dotGreen && again["removed"] as? Int == 2, "\(again)")
        #expect(try Self.get(fixture, other).header("X-Cache") == "MISS")
    }

    @Test("a purged source that is gone answers 404 at once, not a hit or a 304 from its remembered identity")
    func goneSource() throws {
        let fixture = try Self.fixture { $0.sourceCheck = .seconds(600) }
        let target = "/img/dot_green.png?w=24"
        let first = try Self.get(fixture, target)
        #expect(first.status == 200 && first.header("X-Cache") == "MISS")
        let etag = try #require(first.header("ETag"))
        try FileManager.default.removeItem(at: fixture.root.appendingPathComponent("dot_green.png"))
        // Within cache.source_check the remembered identity still answers.
        #expect(try Self.get(fixture, target).header("X-Cache") == "HIT")
        #expect(try Self.get(fixture, target, headers: ["If-None-Match: \(etag)"]).status == 304)

        #expect(try Self.purge(fixture, "source=dot_green.png")["removed"] as? Int == 1)
        #expect(try Self.get(fixture, target).status == 404)
        #expect(try Self.get(fixture, target, headers: ["If-None-Match: \(etag)"]).status == 404)
    }

    @Test("a purge of a source under an origin makes its cached original due: removed at the origin, it answers 404 at once")
    func originSource() throws {
        let origin = try TestOrigin()
        try origin.write("photos/a.jpg", try ServiceFixture.sample("landscape_4.jpg"))
        let fixture = try Self.fixture { configuration in
            configuration.origins = try! OriginMap("cdn=\(origin.httpURL)", internal: "cdn")
            configuration.originsRevalidateAfter = .seconds(600)
        }
        let first = try Self.get(fixture, "/img/cdn/photos/a.jpg?w=40")
        #expect(first.status == 200 && first.header("X-Cache") == "MISS")
        // `s-` + the first 16 hex digits of SHA-256("cdn/photos/a.jpg"): the name the URL gives it.
        #expect(first.header("Surrogate-Key") == "s-79cdecc15908a5ad")
        try FileManager.default.removeItem(atPath: origin.root + "/photos/a.jpg")
        // Gone at the origin, but the cached original is trusted for originsRevalidateAfter: another size renders.
        #expect(try Self.get(fixture, "/img/cdn/photos/a.jpg?w=41").status == 200)

        #expect(try Self.purge(fixture, "source=cdn/photos/a.jpg")["removed"] as? Int == 2)
        #expect(try Self.get(fixture, "/img/cdn/photos/a.jpg?w=40").status == 404)
        #expect(origin.statuses(for: "/photos/a.jpg").last == 404, "the origin was asked again")
    }

    @Test("a purge of a template drops the views filled from it")
    func template() throws {
        let fixture = try Self.fixture()
        try ViewTemplateRouteTests.write("badge", ViewTemplateRouteTests.badge, in: fixture)
        let target = "/view/badge?label=Hi&fmt=png"
        #expect(try Self.get(fixture, target).header("X-Cache") == "MISS")
        #expect(try Self.get(fixture, target).header("X-Cache") == "HIT")
        let answer = try Self.purge(fixture, "template=badge")
        #expect(answer["tag"] as? String == PurgeTagHeaderTests.badge && answer["removed"] as? Int == 1, "\(answer)")
        #expect(try Self.get(fixture, target).header("X-Cache") == "MISS")
    }

    @Test("refused: on the public port (404), unsigned or wrongly signed (403), by GET (405), with a bad query (400)")
    func refusals() throws {
        let fixture = try Self.fixture()
        let signedPurge = Self.signer.sign("/admin/purge?source=dot_green.png")
        let publicPort = try fixture.client()
        try publicPort.send("POST \(signedPurge) HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n")
        #expect(try publicPort.readResponse().status == 404)

        #expect(try Self.send(fixture, "/admin/purge?source=dot_green.png").status == 403)
        let wrong = URLSigner(keys: ["another-key-0123456789abcdef-012345"]).sign("/admin/purge?source=dot_green.png")
        #expect(try Self.send(fixture, wrong).status == 403)
        let expired = Self.signer.sign("/admin/purge?source=dot_green.png", expires: 1_000_000_000)
        #expect(try Self.send(fixture, expired).status == 403)
        let byGet = try Self.send(fixture, signedPurge, method: "GET")
        #expect(byGet.status == 405 && byGet.header("Allow") == "POST")

        for (query, parameter) in [
            ("source=a.png&template=b", "source"), ("", "source"), ("source=", "source"), ("tag=s-XYZ", "tag"), ("tag=q-0123456789abcdef", "tag"),
            ("path=a.png", "path"),
        ] {
            let response = try Self.send(fixture, Self.signer.sign("/admin/purge" + (query.isEmpty ? "" : "?" + query)))
            #expect(response.status == 400, "\(query)")
            let body = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(body?["param"] as? String == parameter, "\(query): \(response.text)")
        }
        // Nothing was purged by any of them.
        #expect(fixture.service.cache.statistics.purged == 0)
    }

    @Test("without signing.keys every purge is refused, saying what to configure")
    func signingOff() throws {
        let fixture = try ServiceFixture { $0.metricsListen = ListenAddress(host: "127.0.0.1", port: 0) }
        #expect(try fixture.get("/img/dot_green.png?w=20").header("X-Cache") == "MISS")
        let response = try Self.send(fixture, "/admin/purge?source=dot_green.png")
        #expect(response.status == 403 && response.text.contains("signing.keys"), "\(response.text)")
        #expect(try fixture.get("/img/dot_green.png?w=20").header("X-Cache") == "HIT")
    }

    @Test("with a shared tier, a purge deletes the tier's objects of the results too: another replica renders again")
    func sharedTier() throws {
        let server = try S3TestServer(.rclone, buckets: ["results"])
        func replica(root: URL? = nil) throws -> ServiceFixture {
            try Self.fixture { configuration in ResultTierTests.useTier(server, root: root, in: &configuration) }
        }
        let first = try replica()
        let target = "/img/landscape_4.jpg?w=80"
        #expect(try Self.get(first, target).header("X-Cache") == "MISS")
        #expect(try Self.get(first, "/img/dot_green.png?w=16").header("X-Cache") == "MISS")
        #expect(first.waitUntil { ResultTierTests.objects(server).count == 2 }, "both renders reached the tier")

        let answer = try Self.purge(first, "source=landscape_4.jpg")
        #expect(answer["removed"] as? Int == 1 && answer["tier"] as? Int == 1 && answer["tier_failed"] as? Int == 0, "\(answer)")
        #expect(ResultTierTests.objects(server).count == 1, "only the other source's object is left")

        let second = try replica(root: first.root)
        #expect(try Self.get(second, target).header("X-Cache") == "MISS")
        #expect(try Self.get(second, "/img/dot_green.png?w=16").header("X-Cache") == "TIER-HIT")
    }
}
