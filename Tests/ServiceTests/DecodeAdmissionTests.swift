import Foundation
import HTTPTestSupport
@testable import Service
import ServiceTestSupport
import Testing
import VipsTestSupport

/// Every decode goes through admission: a look at pixels before layout (a trim's search, a content
/// focus) and the decoders that hold a whole image (HEIF/AVIF, WebP, GIF) are counted by the render
/// budget from the header, before anything is decoded, and a large trim waits among the heavy renders
/// from the start, so it never takes the worker a thumbnail needs. The sources are made here: small
/// files of 7000×7000 flat pixels (49 MP), the shape of a decompression bomb.
@Suite("decode admission: trims, focus and whole-image decoders")
struct DecodeAdmissionTests {
    static func fixture(_ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws -> ServiceFixture {
        let fixture = try ServiceFixture(configure)
        for (name, bytes) in LargeFlatSources.files { try Data(bytes).write(to: fixture.root.appendingPathComponent(name)) }
        return fixture
    }

    @Test(
        "a look at pixels or a decode that would hold more than the budget is refused with 400 before decoding, naming why",
        arguments: [
            ("/img/big.webp?w=100&fmt=png&trim=10", "a trim decodes `big.webp`"),
            ("/img/big.avif?w=100&h=100&mode=fill&focus=attention&fmt=png", "a content focus decodes `big.avif`"),
            ("/img/big12.avif?w=100&fmt=png", "`big12.avif` decoded whole"),
            ("/img/big.avif?w=100&fmt=png&trim=10", "a trim decodes `big.avif`"),
        ])
    func refusedBeforeDecoding(_ target: String, _ reason: String) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get(target)
        #expect(response.status == 400, "\(target): \(response.status) \(response.text)")
        #expect(response.json["error"]?.contains(reason) == true && response.json["error"]?.contains("MiB") == true, "\(response.text)")
        #expect(fixture.cacheFiles.isEmpty)
    }

    @Test("a WebP thumbnail decodes at its shrink-on-load size: within the budget")
    func webpThumbnail() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/img/big.webp?w=100&fmt=png")
        #expect(response.status == 200, "\(response.text)")
    }

    @Test("with 2 workers, trims of a 49 MP PNG wait among the heavy renders from the start: a thumbnail miss is answered before them")
    func largeTrimsAreHeavyFromTheStart() throws {
        let fixture = try Self.fixture {
            $0.workers = 2
            // No trim may be refused for its wait while the test looks.
            $0.queueTimeout = .seconds(60)
        }
        // Each trim takes seconds, one at a time, on a machine the other suites load too.
        let trims = try (0..<3).map { _ in try RawClient(port: fixture.service.port, timeout: 120) }
        for (index, client) in trims.enumerated() {
            try client.send("GET /img/big.png?w=\(100 + index)&fmt=png&trim=10 HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        func heavy() throws -> (running: Double, waiting: Double, metrics: String) {
            let metrics = try fixture.get("/metrics").text
            return (
                HeavyRenderTests.value("imgframe_renders_heavy_in_flight", in: metrics) ?? -1,
                HeavyRenderTests.value("imgframe_render_heavy_queue_depth", in: metrics) ?? -1, metrics
            )
        }
        #expect(
            try fixture.waitUntil {
                let now = try heavy(); return now.running + now.waiting == 3
            })
        let thumbnail = try fixture.get("/img/landscape_4.jpg?w=64&h=48&fmt=jpeg")
        #expect(thumbnail.status == 200)
        let after = try heavy()
        #expect(after.running == 1 && after.waiting == 2, "\(after.running) running, \(after.waiting) waiting")
        let statuses = try trims.map { try $0.readResponse().status }
        #expect(statuses.allSatisfy { [200, 503].contains($0) }, "\(statuses)")
    }
}
