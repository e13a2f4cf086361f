import Foundation
import HTTPTestSupport
import Service
import Testing

/// The findings of an adversarial pass against `imgframe serve`, replayed against the real binary:
/// each gets its precise answer, the process survives every one, no render outlives its deadline, and
/// the server's peak and final RSS stay bounded. The cases are Tests/Hostile/cases.json, which
/// `bench/hostile` replays at full size and measures.
@Suite("hostile requests: framing, slow heads, limits, signature spellings, stalled readers", .serialized)
struct HostileRequestTests {
    static let key = "findings-key-of-at-least-32-bytes"

    /// The hostile suite's root plus the files these findings need.
    static func makeRoot() throws -> URL {
        let folder = try HostileInputTests.makeRoot()
        let root = folder.appendingPathComponent("root")
        try Data(try truncatedJPEG()).write(to: root.appendingPathComponent("claims7000.jpg"))
        try Data("2 2\n1 2\n3 4\n".utf8).write(to: root.appendingPathComponent("matrix.png"))
        guard mkfifo(root.appendingPathComponent("fifo.jpg").path, 0o644) == 0 else { throw POSIXError(.EIO) }
        return folder
    }

    /// The first 633 bytes of the sample JPEG with its frame header claiming 7000×7000 pixels (under
    /// the 50 MP source limit): the header reads, the pixels are missing.
    static func truncatedJPEG() throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: HostileInputTests.samples.appendingPathComponent("landscape_4.jpg")))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        bytes.replaceSubrange(sof + 5..<sof + 9, with: [0x1B, 0x58, 0x1B, 0x58])  // 7000×7000
        let scan = try #require((sof..<bytes.count - 1).first { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xDA })
        return Array(bytes.prefix(max(633, scan + 40)))
    }

    @Test("every finding gets its answer; the process lives, renders stop at the deadline, RSS stays bounded")
    func findings() throws {
        raiseOpenFileLimit()
        let folder = try Self.makeRoot()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try ServeProcess(
            ["--root", folder.appendingPathComponent("root").path],
            environment: ["IMGFRAME_SIGNING_KEYS": Self.key, "IMGFRAME_LIMITS_WRITE_TIMEOUT": "2s"])
        _ = try server.waitUntilListening()
        let pid = server.process.processIdentifier
        let signer = URLSigner(keys: [Self.key])
        func send(_ bytes: String, timeout: Double = 30) throws -> RawClient.Response {
            let client = try RawClient(port: server.port, timeout: timeout)
            try client.send(bytes)
            return try client.readResponse()
        }
        func get(_ target: String, signed: Bool = true) throws -> RawClient.Response {
            try send("GET \(signed ? signer.sign(target) : target) HTTP/1.1\r\nHost: t\r\n\r\n")
        }
        func alive() throws -> Bool {
            guard server.process.isRunning else { return false }
            return try get("/healthz", signed: false).status == 200
        }

        for width in 50..<55 { #expect(try get("/img/landscape_4.jpg?w=\(width)&h=\(width)&mode=fill").status == 200) }
        let baseline = HostileInputTests.memory(pid, "VmRSS")

        let cases = try HostileCases.load()
        // HTTP framing (C1, L3): a negative or signed chunk size, repeated lengths → 400, never a crash.
        for framing in cases.framing {
            let response = try send("GET /healthz HTTP/1.1\r\nHost: a\r\n" + framing.rest)
            #expect(response.status == 400, "\(framing.rest.debugDescription) → \(response.status)")
            #expect(try alive(), "\(framing.rest.debugDescription)")
        }

        // M4: a 30 KB head in small packets is answered (the head is scanned once, not re-parsed per read).
        let dribble = try RawClient(port: server.port)
        for piece in Array(cases.head.bytes.utf8).chunked(into: 16) { try dribble.send(piece) }
        #expect(try dribble.readResponse().status == cases.head.status)

        // Images: sizes past the limits, encoders past their caps, loaders the service does not use;
        // /metrics is not on the public port while signing is on. Nothing from those is cached, and no
        // render is left running.
        for request in cases.requests {
            let target = request.target.replacingOccurrences(of: "{large}", with: "landscape_4.jpg")
            let response = try get(target, signed: request.signed ?? true)
            #expect(request.status.contains(response.status), "\(target.prefix(120)) → \(response.status) \(response.text)")
            #expect(try alive(), "\(target.prefix(120))")
        }

        // L1, L2: an expired `exp` spelled `%65xp`, and other spellings of a valid signature → 403.
        let valid = signer.sign(cases.signatures.signed)
        #expect(try get(valid, signed: false).status == 200)
        #expect(try get(signer.sign(cases.signatures.expired), signed: false).status == 403)
        for attempt in cases.signatures.spellings(of: valid) { #expect(try get(attempt, signed: false).status == 403, "\(attempt)") }

        // H3: stalled readers hold no copies of the body: 30 of them wait for one fresh render (they
        // share its bytes), then 30 more read the same image from the cache (streamed from its file).
        var held = 0
        for round in ["fresh render", "cache hit"] {
            let large = "/img/landscape_4.jpg?w=2600&h=2600&mode=fill&fmt=png"
            var readers: [RawClient] = []
            for _ in 0..<30 {
                let client = try RawClient(port: server.port)
                var size = Int32(4096)
                setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
                try client.send("GET \(signer.sign(large)) HTTP/1.1\r\nHost: t\r\n\r\n")
                readers.append(client)
            }
            let whole = try get(large)
            #expect(whole.status == 200 && whole.body.count > 5_000_000, "\(round): \(whole.status), \(whole.body.count) bytes")
            held = HostileInputTests.memory(pid, "VmRSS")
            #expect(
                held < baseline + 30 * whole.body.count / 1024 / 2,
                "\(round): 30 stalled readers of \(whole.body.count) bytes, RSS \(baseline) → \(held) kB")
            readers.removeAll()
        }

        #expect(try alive())
        let peak = HostileInputTests.memory(pid, "VmHWM")
        let settled = HostileInputTests.memory(pid, "VmRSS")
        print("hostile requests: RSS \(baseline) kB at start, peak \(peak) kB, \(held) kB with 30 stalled readers, \(settled) kB at the end")
        #expect(peak < baseline + 512 * 1024, "peak RSS \(peak) kB over baseline \(baseline) kB + 512 MiB")
        server.terminate()
        #expect(server.waitForExit() == 0)
    }
}

/// The cases this suite shares with `bench/hostile` (Tests/Hostile/cases.json, whose `about` says
/// what each part means).
struct HostileCases: Decodable {
    struct Framing: Decodable {
        var rest: String
    }
    struct Request: Decodable {
        var target: String
        var status: Set<Int>
        var signed: Bool?
    }
    struct Head: Decodable {
        var target: String
        var headers: Int
        var valueBytes: Int
        var status: Int

        /// `GET target`, then `headers` lines `X-H00: vvv…`.
        var bytes: String {
            "GET \(target) HTTP/1.1\r\nHost: t\r\n"
                + (0..<headers).map { "X-H" + ($0 < 10 ? "0" : "") + "\($0): " + String(repeating: "v", count: valueBytes) + "\r\n" }.joined()
                + "\r\n"
        }
    }
    struct Signatures: Decodable {
        var expired: String
        var signed: String
        var spellings: [String]

        /// The spellings for `valid` (the signed target): `{signed}`, `{sig}` and `{sig:N}` filled in.
        func spellings(of valid: String) -> [String] {
            let sig = String(valid.split(separator: "=").last!)
            let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
            let last = alphabet.firstIndex(of: sig.last!)!
            return spellings.map { spelling in
                var text = spelling.replacingOccurrences(of: "{signed}", with: valid).replacingOccurrences(of: "{sig}", with: sig)
                for step in 1...3 {
                    text = text.replacingOccurrences(of: "{sig:\(step)}", with: sig.dropLast() + String(alphabet[(last & ~3) | ((last + step) & 3)]))
                }
                return text
            }
        }
    }

    var framing: [Framing]
    var requests: [Request]
    var head: Head
    var signatures: Signatures

    static func load() throws -> HostileCases {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Hostile/cases.json").standardizedFileURL
        return try JSONDecoder().decode(HostileCases.self, from: Data(contentsOf: file))
    }
}

extension Array {
    /// Consecutive pieces of at most `size` elements.
    func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
