import Dispatch
import Foundation
import HTTPTestSupport
import Origins
import Service
import ServiceTestSupport
import Synchronization
import Testing

/// A burst of slow originals takes the I/O lane's origin share (`origin_fetches`) and no more: local
/// files still find an I/O thread and are answered while every fetch is still in flight, and each
/// fetch ends in a bounded time, with 504 at `origins.timeout` or 503 + `Retry-After` after
/// `queue_timeout` in the queue. Ordered by what the metrics show, never by how long anything took.
@Suite("origin bursts", .serialized)
struct OriginBurstTests {
    @Test("slow originals fill the origin share; a local miss, a hit and /healthz are answered meanwhile; every fetch ends in 504 or 503")
    func burst() throws {
        let origin = try TestOrigin()
        let original = Array(try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("landscape_4.jpg")))
        for index in 0..<6 { try origin.write("p\(index).jpg", original) }  // far more than 2 KB/s gives in the timeout
        let fixture = try ServiceFixture(origin: origin) { configuration in
            configuration.ioWorkers = 4
            configuration.originFetches = 2
            configuration.originsTimeout = .seconds(3)
            configuration.queueTimeout = .seconds(2)
            configuration.sourceCheck = .seconds(60)
        }
        #expect(try fixture.get("/img/dot_green.png?w=9").status == 200)  // warm a hit
        let port = fixture.service.port
        let statuses = Mutex<[(Int, String?)]>([])
        let done = DispatchGroup()
        for index in 0..<6 {
            done.enter()
            // A thread each: a queue of the machine's width would send them two at a time.
            Thread.detachNewThread {
                defer { done.leave() }
                let response = try? {
                    let client = try RawClient(port: port)
                    try client.send("GET /img/slow/p\(index).jpg?w=20 HTTP/1.1\r\nHost: test\r\n\r\n")
                    return try client.readResponse()
                }()
                statuses.withLock { $0.append((response?.status ?? 0, response?.header("Retry-After"))) }
            }
        }
        // Two fetches run and four wait in the origin share's queue, ...
        #expect(
            try fixture.waitUntil {
                let metrics = try fixture.get("/metrics").text
                return metrics.contains("imgframe_io_origin_in_flight 2") && metrics.contains("imgframe_io_origin_queue_depth 4")
            })
        // ... while a local miss, a hit and a probe are answered at once, with the fetches still in flight.
        let local = try fixture.get("/img/dot_green.png?w=11")
        #expect(local.status == 200 && local.header("X-Cache") == "MISS")
        #expect(try fixture.get("/img/dot_green.png?w=9").header("X-Cache") == "HIT")
        #expect(try fixture.get("/healthz").status == 200)
        #expect(try fixture.get("/metrics").text.contains("imgframe_io_origin_in_flight 2"))
        #expect(done.wait(timeout: .now() + 30) == .success)
        let answers = statuses.withLock { $0 }
        #expect(answers.count == 6)
        #expect(answers.filter { $0.0 == 504 }.count == 2, "\(answers)")
        #expect(answers.filter { $0.0 == 503 && $0.1 == "1" }.count == 4, "\(answers)")
    }
}
