import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

/// Renders estimated to be costly: refused at once when they could not finish within the deadline,
/// and run in a lane of their own otherwise, so they never take every worker from small renders.
/// Nothing here asserts how long anything took; the order of events is read from `/metrics`.
@Suite("heavy renders")
struct HeavyRenderTests {
    /// A miss estimated at about 14 CPU-seconds (`RenderCost`): beyond the default 10 s deadline.
    static let tooSlow = "/img/x?fmt=png&chain=Image(%22landscape_4%22).resizable().frame(width:4000,height:4000).blur(radius:12)"

    /// A miss estimated at about 1 CPU-second: within a 3 s deadline, and heavy there (over a quarter of it).
    static func heavy(_ width: Int) -> String {
        "/img/x?fmt=png&chain=Image(%22landscape_4%22).resizable().frame(width:\(width),height:1000).blur(radius:12)"
    }

    /// The value of the gauge or counter `name` (without labels) in a `/metrics` exposition.
    static func value(_ name: String, in metrics: String) -> Double? {
        metrics.split(separator: "\n").first { $0.hasPrefix(name + " ") }.flatMap { Double($0.split(separator: " ")[1]) }
    }

    @Test("a render estimated past the deadline gets 400 once laid out, saying what to reduce, and nothing is drawn")
    func refusedUpFront() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(Self.tooSlow)
        #expect(response.status == 400)
        let message = response.json["error"] ?? ""
        #expect(
            message.contains("of CPU") && message.contains("the limit is 10 s") && message.contains("reduce the frame or the blur radius"),
            "\(message)")
        let metrics = try fixture.get("/metrics").text
        // Laid out by a light worker (its wait is recorded once), never moved to the heavy renders, never drawn.
        #expect(Self.value("imgframe_render_queue_wait_seconds_count", in: metrics) == 1, "\(metrics)")
        #expect(!metrics.contains("imgframe_render_stage_duration_seconds"), "\(metrics)")
    }

    @Test("with 2 workers and three heavy renders admitted, a thumbnail miss is answered before any heavy one finishes")
    func thumbnailPassesHeavyRenders() throws {
        let fixture = try ServiceFixture {
            $0.workers = 2
            $0.render.timeout = .seconds(3)
            // No heavy render may be refused for its wait while the test looks.
            $0.queueTimeout = .seconds(60)
        }
        let heavies = try (0..<3).map { _ in try fixture.client() }
        for (index, client) in heavies.enumerated() {
            try client.send("GET \(Self.heavy(1000 - index)) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        func admitted() throws -> (running: Double, waiting: Double, metrics: String) {
            let metrics = try fixture.get("/metrics").text
            return (
                Self.value("imgframe_renders_in_flight", in: metrics) ?? -1, Self.value("imgframe_render_queue_depth", in: metrics) ?? -1, metrics
            )
        }
        #expect(
            try fixture.waitUntil {
                let now = try admitted(); return now.running + now.waiting == 3
            })

        let thumbnail = try fixture.get("/img/landscape_4.jpg?w=64&h=48&fmt=jpeg")
        #expect(thumbnail.status == 200)
        // The thumbnail's worker is free again before its response is sent: all three heavy renders are
        // still running or waiting, so none of them finished before the thumbnail.
        let after = try admitted()
        #expect(after.running + after.waiting == 3, "\(after.running) running, \(after.waiting) waiting")
        #expect(Self.value("imgframe_renders_heavy_in_flight", in: after.metrics) == 1)
        #expect(Self.value("imgframe_render_heavy_queue_depth", in: after.metrics) == 2)

        // The heavy renders run one at a time; each ends (200, or 503 if a loaded machine stops it at the deadline).
        let statuses = try heavies.map { try $0.readResponse().status }
        #expect(statuses.allSatisfy { [200, 503].contains($0) }, "\(statuses)")
    }
}
