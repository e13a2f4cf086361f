import Foundation
import HTTPTestSupport
import Testing
import VipsTestSupport

/// Fifty hostile requests at once against `imgframe serve` with 2 workers — trims and a content focus
/// of 49 MP sources, 12-bit AVIF thumbnails, 4000-point emoji in PDFs, `maxbytes` searches — and a
/// thumbnail miss among them: every answer is a 2xx, a 4xx or a 503 with `Retry-After`, the thumbnail
/// is answered, the process's peak RSS stays within 1 GiB of its baseline and falls back within
/// 128 MiB of it. (The wait for memory to fall is a bounded poll, not a sleep.)
@Suite("a hostile mix of concurrent requests", .serialized)
struct HostileMixTests {
    static func hostileTargets() -> [String] {
        let emoji = "Text(%22%F0%9F%98%80%22).font(.system(size:4000)).fixedSize().frame(width:10,height:10).clipped()"
        var targets: [String] = []
        for index in 0..<10 { targets.append("/img/big.png?w=\(100 + index)&fmt=png&trim=10") }
        for index in 0..<8 {
            targets.append("/img/big.webp?w=\(100 + index)&fmt=png&trim=10")
            targets.append("/img/big.avif?w=\(100 + index)&h=100&mode=fill&focus=attention&fmt=png")
            targets.append("/img/big12.avif?w=\(100 + index)&fmt=png")
            targets.append("/img/x?fmt=pdf&chain=\(emoji).padding(\(index))")
            targets.append("/img/landscape_4.jpg?w=\(2000 + index)&fmt=avif&maxbytes=1")
        }
        return targets
    }

    @Test("50 concurrent hostile requests and a thumbnail: every answer accounted for, peak RSS within 1 GiB, back within 128 MiB")
    func mix() throws {
        raiseOpenFileLimit()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-mix-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: HostileInputTests.samples.appendingPathComponent("landscape_4.jpg"), to: folder.appendingPathComponent("landscape_4.jpg"))
        for (name, bytes) in LargeFlatSources.files { try Data(bytes).write(to: folder.appendingPathComponent(name)) }
        let server = try ServeProcess(["--root", folder.path], environment: ["IMGFRAME_WORKERS": "2"])
        _ = try server.waitUntilListening()
        let pid = server.process.processIdentifier
        func get(_ target: String) throws -> RawClient.Response {
            let client = try RawClient(port: server.port, timeout: 60)
            try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }
        for width in 50..<53 { #expect(try get("/img/landscape_4.jpg?w=\(width)").status == 200) }
        let baseline = HostileInputTests.memory(pid, "VmRSS")

        let targets = Self.hostileTargets()
        #expect(targets.count == 50)
        let clients = try targets.map { target in
            let client = try RawClient(port: server.port, timeout: 60)
            try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            return client
        }
        let clock = ContinuousClock()
        let asked = clock.now
        let thumbnail = try get("/img/landscape_4.jpg?w=64&h=48&fmt=jpeg")
        let thumbnailTime = clock.now - asked
        #expect(thumbnail.status == 200, "\(thumbnail.status) \(thumbnail.text.prefix(200))")

        var statuses: [Int: Int] = [:]
        for (target, client) in zip(targets, clients) {
            let response = try client.readResponse()
            statuses[response.status, default: 0] += 1
            let accounted =
                (200..<300).contains(response.status) || (400..<500).contains(response.status)
                || (response.status == 503 && response.header("Retry-After") != nil)
            #expect(accounted, "\(target) → \(response.status) \(response.text.prefix(200))")
        }
        #expect(server.process.isRunning)
        #expect(try get("/healthz").status == 200)
        let peak = HostileInputTests.memory(pid, "VmHWM")
        // The allocator returns freed memory on its periodic trim: wait for it, 15 s at most.
        var settled = HostileInputTests.memory(pid, "VmRSS")
        let deadline = clock.now + .seconds(15)
        while settled > baseline + 128 * 1024 && clock.now < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            settled = HostileInputTests.memory(pid, "VmRSS")
        }
        print(
            "hostile mix: \(statuses.sorted { $0.key < $1.key }) answers; thumbnail in \(thumbnailTime); RSS \(baseline) kB at start, peak \(peak) kB, \(settled) kB after"
        )
        #expect(peak <= baseline + 1024 * 1024, "peak RSS \(peak) kB over baseline \(baseline) kB + 1 GiB")
        #expect(settled <= baseline + 128 * 1024, "RSS \(settled) kB did not fall within 128 MiB of baseline \(baseline) kB")
        server.terminate()
        #expect(server.waitForExit() == 0)
    }
}
