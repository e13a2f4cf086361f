import Foundation
import HTTPTestSupport
import Origins
import Service
import ServiceTestSupport
import Testing

/// The shared result tier against a real S3 server (rclone over a folder, so the objects it holds
/// can be looked at and spoiled): one replica's render is another's hit, a bad object is never
/// served, and a tier that is down never fails a request.
@Suite("Shared result tier", .serialized)
struct ResultTierTests {
    /// A replica with the tier `s3://results/tier/` at `server`; `root` shares another replica's sources.
    static func replica(_ server: S3TestServer, root: URL? = nil) throws -> ServiceFixture {
        try ServiceFixture { configuration in useTier(server, root: root, in: &configuration) }
    }

    /// Points `configuration` at the tier `s3://results/tier/` at `server`, every render written to
    /// it; `root` shares another replica's sources.
    static func useTier(_ server: S3TestServer, root: URL? = nil, in configuration: inout ServiceConfiguration) {
        var options = S3Bucket.Options()
        options.endpoint = server.endpoint
        options.addressing = .path
        options.credentials = .env
        configuration.resultTier = try! S3Bucket(url: "s3://results/tier/", options: options)
        configuration.resultTierMinRenderTime = .zero
        configuration.environment = S3TestServer.environmentKeys
        if let root { configuration.root = root.path }
    }

    /// The tier's objects (rclone's files), by path under the bucket.
    static func objects(_ server: S3TestServer) -> [String] {
        let folder = server.folder + "/results"
        return (FileManager.default.enumerator(atPath: folder)?.compactMap { $0 as? String } ?? []).filter {
            $0.hasPrefix("tier/v4/") && $0.count > 20
        }
    }

    static func metric(_ fixture: ServiceFixture, _ line: String) throws -> Bool {
        try fixture.get("/metrics").text.split(separator: "\n").contains { $0 == line }
    }

    @Test("a render is written to the tier after the response; another replica with an empty disk serves it without rendering")
    func sharedHit() throws {
        let server = try S3TestServer(.rclone, buckets: ["results"])
        let first = try Self.replica(server)
        let rendered = try first.get("/img/landscape_4.jpg?w=200&h=150&mode=fill")
        #expect(rendered.status == 200 && rendered.header("X-Cache") == "MISS")
        #expect(first.waitUntil { Self.objects(server).count == 1 }, "the render reached the tier")
        #expect(first.waitUntil { (try? Self.metric(first, #"imgframe_result_tier_writes_total{outcome="written"} 1"#)) == true })

        let second = try Self.replica(server, root: first.root)
        let hit = try second.get("/img/landscape_4.jpg?w=200&h=150&mode=fill")
        #expect(hit.status == 200 && hit.header("X-Cache") == "TIER-HIT")
        #expect(hit.body == rendered.body && hit.header("ETag") == rendered.header("ETag"))
        #expect(hit.header("Content-Type") == "image/jpeg")
        // Kept locally: the next one is an ordinary hit, and nothing was rendered here.
        #expect(try second.get("/img/landscape_4.jpg?w=200&h=150&mode=fill").header("X-Cache") == "HIT")
        #expect(try Self.metric(second, "imgframe_renders_total 0"))
        #expect(try Self.metric(second, #"imgframe_result_tier_lookups_total{outcome="hit"} 1"#))
    }

    @Test("a spoiled object in the tier is not served: the request renders")
    func spoiledObject() throws {
        let server = try S3TestServer(.rclone, buckets: ["results"])
        let first = try Self.replica(server)
        #expect(try first.get("/img/dot_green.png?w=40&fmt=png").status == 200)
        // Spoil the object only once its upload has been answered: the file may appear before rclone has finished writing it.
        #expect(first.waitUntil { (try? Self.metric(first, #"imgframe_result_tier_writes_total{outcome="written"} 1"#)) == true })
        #expect(first.waitUntil { Self.objects(server).count == 1 })
        let path = server.folder + "/results/" + Self.objects(server)[0]
        var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        bytes[bytes.count - 1] ^= 0xFF
        try bytes.write(to: URL(fileURLWithPath: path))
        let second = try Self.replica(server, root: first.root)
        let response = try second.get("/img/dot_green.png?w=40&fmt=png")
        #expect(response.status == 200 && response.header("X-Cache") == "MISS")
        #expect(try Self.metric(second, #"imgframe_result_tier_lookups_total{outcome="invalid"} 1"#))
    }

    @Test("a tier that is down fails no request, and after repeated failures it is switched off")
    func tierDown() throws {
        let server = try S3TestServer(.rclone, buckets: ["results"])
        let replica = try Self.replica(server)
        server.stop()
        for width in 30..<40 {
            let response = try replica.get("/img/dot_green.png?w=\(width)&fmt=png")
            #expect(response.status == 200 && response.header("X-Cache") == "MISS")
        }
        // Failed lookups and failed writes both count toward switching it off; once off, lookups are skipped.
        let metrics = try replica.get("/metrics").text
        func lookups(_ outcome: String) -> Int {
            let prefix = #"imgframe_result_tier_lookups_total{outcome=""# + outcome + #""} "#
            return metrics.split(separator: "\n").first { $0.hasPrefix(prefix) }.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
        }
        #expect(lookups("error") >= 1 && lookups("off") >= 1 && lookups("error") + lookups("off") == 10, "\(metrics)")
    }
}
