import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

/// Hostile input against the real `imgframe serve`: each gets its precise status, `/healthz` keeps
/// answering, and the process's memory returns near its baseline.
@Suite("hostile input", .serialized)
struct HostileInputTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL
    static let key = "hostile-suite-key-of-at-least-32-bytes"

    /// A source root full of bad files, next to an outside folder.
    static func makeRoot() throws -> URL {
        let fm = FileManager.default
        let folder = fm.temporaryDirectory.appendingPathComponent("imgframe-hostile-\(UUID().uuidString)")
        let root = folder.appendingPathComponent("root")
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        try fm.createDirectory(at: folder.appendingPathComponent("outside"), withIntermediateDirectories: true)
        for name in ["landscape_4.jpg", "dot_green.png"] {
            try fm.copyItem(at: samples.appendingPathComponent(name), to: root.appendingPathComponent(name))
        }
        try fm.copyItem(at: samples.appendingPathComponent("dot_green.png"), to: root.appendingPathComponent("Ünïcødé.png"))
        try fm.copyItem(at: samples.appendingPathComponent("dot_green.png"), to: folder.appendingPathComponent("outside/secret.png"))
        try fm.createSymbolicLink(
            at: root.appendingPathComponent("escape.png"), withDestinationURL: folder.appendingPathComponent("outside/secret.png"))
        let jpeg = try Data(contentsOf: samples.appendingPathComponent("landscape_4.jpg"))
        try jpeg.prefix(jpeg.count / 4).write(to: root.appendingPathComponent("truncated.jpg"))
        try Data().write(to: root.appendingPathComponent("empty.jpg"))
        try Data("<html>not an image</html>".utf8).write(to: root.appendingPathComponent("text.jpg"))
        var generator = SystemRandomNumberGenerator()
        try Data((0..<4096).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: root.appendingPathComponent("garbage.png"))
        try Data(try ServiceFixture.pngBomb()).write(to: root.appendingPathComponent("bomb.png"))
        try Data(try bombJPEG()).write(to: root.appendingPathComponent("bomb.jpg"))
        return folder
    }

    static func bombJPEG() throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: samples.appendingPathComponent("landscape_4.jpg")))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        bytes.replaceSubrange(sof + 5..<sof + 9, with: [0xFD, 0xE8, 0xFD, 0xE8])  // 65000×65000
        return Array(bytes.prefix(4096))
    }

    /// Hostile target → expected status. Signed unless the case is about signatures.
    static let requests: [(String, Int)] = [
        ("/img/bomb.png?w=100", 422), ("/img/bomb.jpg?w=100", 422), ("/img/truncated.jpg?w=100&fmt=jpeg", 422),
        ("/img/garbage.png?w=10", 415), ("/img/empty.jpg?w=10", 415), ("/img/text.jpg?w=10", 415),
        ("/img/dot_green.png?w=nan", 400), ("/img/dot_green.png?w=inf", 400), ("/img/dot_green.png?w=-1", 400),
        ("/img/dot_green.png?w=1e400", 400), ("/img/dot_green.png?h=99999999999999999999", 400), ("/img/dot_green.png?q=1e9", 400),
        ("/img/dot_green.png?scale=nan", 400), ("/img/dot_green.png?minw=-5", 400), ("/img/dot_green.png?w=100000&h=1", 400),
        ("/img/dot_green.png?chain=frame(width:1e309)", 400), ("/img/dot_green.png?chain=frame(width:-.infinity)", 400),
        ("/img/dot_green.png?chain=" + String(repeating: "Color.red.overlay%7B", count: 8) + "Color.red" + String(repeating: "%7D", count: 8), 400),
        ("/img/dot_green.png?chain=resizable()" + String(repeating: ".clipped()", count: 60), 400),
        ("/img/dot_green.png?chain=" + String(repeating: "(", count: 3000), 400),
        ("/img/%6Candscape_4.jpg?w=20", 200), ("/img/%C3%9Cn%C3%AFc%C3%B8d%C3%A9.png?w=20", 200), ("/img/%FF%FE.png?w=20", 400),
        ("/img/escape.png?w=10", 404), ("/img/../outside/secret.png", 400), ("/img/%2e%2e%2foutside%2fsecret.png", 400),
        ("/img/dot_green.png?overlay=escape.png&w=10", 404), ("/img/missing.png?w=10", 404),
    ]

    /// A kB field of `/proc/PID/status`: `VmRSS` (resident now) or `VmHWM` (the peak); 0 when unreadable.
    static func memory(_ pid: Int32, _ field: String = "VmRSS") -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") })
        else { return 0 }
        return Int(line.split(separator: " ", omittingEmptySubsequences: true)[1]) ?? 0
    }

    @Test("every hostile input gets its precise status; /healthz keeps answering; memory returns near baseline")
    func hostileSuite() throws {
        raiseOpenFileLimit()
        let folder = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(
            ["--root", folder.appendingPathComponent("root").path],
            environment: [
                "IMGFRAME_SIGNING_KEYS": Self.key, "IMGFRAME_LIMITS_WRITE_TIMEOUT": "1s",
                "IMGFRAME_LIMITS_MAX_CONNECTIONS": "150", "MALLOC_ARENA_MAX": "2",
            ])
        _ = try server.waitUntilListening()
        let signer = URLSigner(keys: [Self.key])
        func get(_ target: String, signed: Bool = true) throws -> RawClient.Response {
            let client = try RawClient(port: server.port, timeout: 30)
            try client.send("GET \(signed ? signer.sign(target) : target) HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }
        func healthy() throws -> Bool { try get("/healthz", signed: false).status == 200 }

        // Warm up, then take the baseline.
        for width in 50..<60 { #expect(try get("/img/landscape_4.jpg?w=\(width)&h=\(width)&mode=fill").status == 200) }
        let baseline = Self.memory(server.process.processIdentifier)

        for round in 0..<3 {
            for (target, status) in Self.requests {
                // Later rounds vary the URL (a new cache key), so every case runs through the full path again.
                let response = try get(
                    round == 0 ? target : target + (target.contains("?") ? "&" : "?") + (round == 1 ? "opaque=1" : "opaque=1&pw=\(1000 + round)"))
                #expect(response.status == status, "\(target) → \(response.status) \(response.text)")
                #expect(response.header("Content-Type") == (response.status == 200 ? response.header("Content-Type") : "application/json"))
            }
            #expect(try healthy())
        }

        // Signatures: missing, tampered, expired → 403 without detail.
        let signed = signer.sign("/img/dot_green.png?w=30")
        for attempt in [
            "/img/dot_green.png?w=30", signed.replacingOccurrences(of: "w=30", with: "w=31"),
            String(signed.dropLast(2)) + "AA", signer.sign("/img/dot_green.png?w=30", expires: 1),
        ] {
            let response = try get(attempt, signed: false)
            #expect(response.status == 403 && response.json == ["error": "forbidden"], "\(attempt)")
        }

        // Oversized heads at the front door.
        let longTarget = try RawClient(port: server.port)
        try longTarget.send("GET /img/a.jpg?w=" + String(repeating: "9", count: 9000) + " HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try longTarget.readResponse().status == 414)
        let bigHeader = try RawClient(port: server.port)
        try bigHeader.send("GET /healthz HTTP/1.1\r\nHost: t\r\nX-Junk: " + String(repeating: "j", count: 40_000) + "\r\n\r\n")
        #expect(try bigHeader.readResponse().status == 431)

        // Slow readers that never read a large response are dropped at the write timeout.
        var readers: [RawClient] = []
        for i in 0..<10 {
            let client = try RawClient(port: server.port)
            var size = Int32(4096)
            setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            try client.send("GET \(signer.sign("/img/landscape_4.jpg?w=\(3000 + i)&h=2250&mode=fill&fmt=png")) HTTP/1.1\r\nHost: t\r\n\r\n")
            readers.append(client)
        }
        #expect(try healthy())

        // A flood of connections: beyond the limit they are refused with 503; /healthz still answers.
        var flood: [RawClient] = []
        var refused = 0
        for _ in 0..<200 {
            guard let client = try? RawClient(port: server.port, timeout: 5) else { continue }
            flood.append(client)
        }
        for client in flood.suffix(60) where (try? client.readResponse().status) == 503 { refused += 1 }
        #expect(refused > 0)
        flood.removeAll()
        readers.removeAll()
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, (try? healthy()) != true { usleep(50_000) }
        #expect(try healthy())

        let after = Self.memory(server.process.processIdentifier)
        print("hostile suite: RSS \(baseline) kB after warm-up, \(after) kB after the suite")
        #expect(after < baseline + 150_000, "RSS grew from \(baseline) kB to \(after) kB")
        server.terminate()
        #expect(server.waitForExit() == 0)
    }
}
