import Dispatch
import Foundation
import HTTPTestSupport
import Service
import Synchronization
import Testing

/// The originals cache takes stock of what an earlier run left once, at its first stored download:
/// that run's half-written downloads go, this run's downloads in progress stay.
@Suite("originals cache start-up scan", .serialized)
struct OriginalsCacheScanTests {
    @Test("a download in progress survives another one finishing first; an earlier run's half-written download is removed")
    func scanKeepsDownloadsInProgress() throws {
        let origin = try TestOrigin()
        try origin.write("lines.png", try HTTPOriginTests.sample("fine-lines.png"))  // 3.4 KB: well over a second at 2 KB/s
        try origin.write("dot.png", try HTTPOriginTests.sample("dot_green.png"))
        let originals = FileManager.default.temporaryDirectory.appendingPathComponent("originals-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: originals, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: originals) }
        let leftover = originals + "/.download.earlier"
        FileManager.default.createFile(atPath: leftover, contents: Data([1, 2, 3]))
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: -3600)], ofItemAtPath: leftover)

        let fixture = try HTTPOriginTests.service(origin) { $0.originsCacheDirectory = originals }
        let port = fixture.service.port
        let slow = Mutex<Int?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            let status = try? {
                let client = try RawClient(port: port)
                try client.send("GET /img/slow/lines.png?w=20&fmt=png HTTP/1.1\r\nHost: test\r\n\r\n")
                return try client.readResponse().status
            }()
            slow.withLock { $0 = status }
            done.signal()
        }
        // The slow download has begun (its file exists) when a fast one is stored and the scan runs.
        #expect(fixture.waitUntil { Self.downloads(in: originals).count > 1 })
        #expect(try fixture.get("/img/cdn/dot.png?w=8&fmt=png").status == 200)
        #expect(!FileManager.default.fileExists(atPath: leftover))
        #expect(done.wait(timeout: .now() + 30) == .success)
        #expect(slow.withLock { $0 } == 200)
    }

    private static func downloads(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".download.") }
    }
}
