import Foundation
import HTTPTestSupport
import Testing

/// `imgframe sign` against a real `serve` with signing on: what it prints must verify when fetched.
@Suite("imgframe sign", .serialized)
struct SignCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    /// The server's key, and another one: 32 bytes and more, as keys must be.
    static let key = "sign-suite-key-of-at-least-32-bytes"
    static let otherKey = "another-key-of-at-least-32-bytes!"

    /// A root with names a browser must escape, served with `key`.
    final class SignedServer {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-sign-\(UUID().uuidString)")
        let server: ServeProcess

        init() throws {
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            let dot = SignCommandTests.repository.appendingPathComponent("Samples/dot_green.png")
            for name in ["a b.png", "grün.png"] {
                try FileManager.default.copyItem(at: dot, to: root.appendingPathComponent(name))
            }
            server = try ServeProcess(["--root", root.path], environment: ["IMGFRAME_SIGNING_KEYS": SignCommandTests.key])
            _ = try server.waitUntilListening()
        }

        func get(_ target: String) throws -> RawClient.Response {
            let client = try RawClient(port: server.port)
            try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            return try client.readResponse()
        }

        deinit { try? FileManager.default.removeItem(at: root) }
    }

    static func sign(_ arguments: [String]) throws -> String {
        let result = try runImageFrame(["sign", "--key", Self.key] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The path and query of a printed URL.
    static func target(_ url: String) -> String {
        guard let range = url.range(of: "://") else { return url }
        return String(url[url[range.upperBound...].firstIndex(of: "/")!...])
    }

    @Test("spaces and non-ASCII are escaped as a browser sends them, and the printed URL verifies")
    func browserEncoding() throws {
        let signed = try SignedServer()
        let spaced = try Self.sign(["/img/a b.png?w=10&h=10"])
        #expect(spaced.hasPrefix("/img/a%20b.png?w=10&h=10&sig="))
        #expect(try signed.get(spaced).status == 200)
        let umlaut = try Self.sign(["/img/grün.png?w=10"])
        #expect(umlaut.hasPrefix("/img/gr%C3%BCn.png?w=10&sig="))
        #expect(try signed.get(umlaut).status == 200)
        // Already-encoded input is kept as it is: the same URL as from the raw spelling.
        #expect(try Self.sign(["/img/a%20b.png?w=10&h=10"]) == spaced)
    }

    @Test("a full URL is signed by its path and query and printed back whole")
    func fullURL() throws {
        let signed = try SignedServer()
        let url = try Self.sign(["http://127.0.0.1:\(signed.server.port)/img/a b.png?w=10#top"])
        #expect(url.hasPrefix("http://127.0.0.1:\(signed.server.port)/img/a%20b.png?w=10&sig="))
        #expect(try signed.get(Self.target(url)).status == 200)
        let bare = try runImageFrame(["sign", "--key", Self.key, "img/a.png"])
        #expect(bare.status != 0 && bare.stderr.contains("neither a path starting with /"))
    }

    @Test("signing a signed URL replaces its sig (and --expires-in its exp)")
    func resign() throws {
        let signed = try SignedServer()
        let once = try Self.sign(["/img/a b.png?w=10"])
        #expect(try Self.sign([once]) == once)
        let other = try runImageFrame(["sign", "--key", Self.otherKey, once]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(other.components(separatedBy: "sig=").count == 2 && other != once)
        let expiring = try Self.sign(["--expires-in", "600", once])
        let again = try Self.sign(["--expires-in", "900", expiring])
        #expect(again.components(separatedBy: "exp=").count == 2 && again.components(separatedBy: "sig=").count == 2)
        #expect(try signed.get(again).status == 200)
    }

    @Test("--json prints url, path, sig and exp")
    func json() throws {
        let text = try Self.sign(["--json", "--expires-in", "60", "https://img.example/img/a b.png?w=10"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let path = try #require(object["path"] as? String)
        let sig = try #require(object["sig"] as? String)
        let exp = try #require(object["exp"] as? Int)
        #expect(object["url"] as? String == "https://img.example" + path)
        #expect(path.hasPrefix("/img/a%20b.png?w=10&exp=\(exp)&sig=") && path.hasSuffix("sig=" + sig))
        #expect(abs(exp - Int(Date().timeIntervalSince1970) - 60) < 10)
        let plain = try Self.sign(["--json", "/img/a.png"])
        let noExpiry = try #require(try JSONSerialization.jsonObject(with: Data(plain.utf8)) as? [String: Any])
        #expect(noExpiry["exp"] is NSNull)
    }

    @Test("each 403 logs its reason at info; the response says only forbidden")
    func refusalReasons() throws {
        let signed = try SignedServer()
        let good = try Self.sign(["/img/a b.png?w=10"])
        let wrongKey = try runImageFrame(["sign", "--key", Self.otherKey, "/img/a b.png?w=11"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let expired = try Self.sign(["--expires-in=-60", "/img/a b.png?w=12"])
        let cases = [
            ("/img/a%20b.png?w=13", "missing"), ("/img/a%20b.png?w=14&sig=abc", "malformed"), (wrongKey, "wrong key"), (expired, "expired"),
        ]
        for (target, reason) in cases {
            let response = try signed.get(target)
            #expect(response.status == 403, "\(target)")
            #expect(String(decoding: response.body, as: UTF8.self) == "{\"error\":\"forbidden\"}\n")
            let path = String(target.split(separator: "?")[0])
            #expect(signed.server.waitForLog("403 \(path): signature \(reason)", seconds: 5), "\(reason) in\n\(signed.server.log)")
        }
        #expect(try signed.get(good).status == 200)
    }

    @Test("the JavaScript example signs URLs the server accepts")
    func javaScriptExample() throws {
        let signed = try SignedServer()
        let script = Self.repository.appendingPathComponent("examples/sign.js").path
        for target in ["/img/a b.png?w=10", "http://127.0.0.1:\(signed.server.port)/img/grün.png?w=10&sig=old"] {
            let node = Process()
            node.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            node.arguments = ["node", script, Self.key, target]
            let output = Pipe()
            node.standardOutput = output
            try node.run()
            let url = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(
                in: .whitespacesAndNewlines)
            node.waitUntilExit()
            #expect(node.terminationStatus == 0, "node is required: scripts/setup installs nodejs")
            #expect(try signed.get(Self.target(url)).status == 200, "\(url)")
            // The same URL as `imgframe sign` prints.
            #expect(url == (try Self.sign([target])))
        }
    }
}

@Suite("imgframe serve start-up checks", .serialized)
struct ServeStartupTests {
    @Test("a root that is missing or a file stops serve with exit 78 naming the key")
    func badRoot() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-root-file-\(UUID().uuidString)")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let missing = "/nonexistent/imgframe-\(UUID().uuidString)"
        for (root, reason) in [(missing, "does not exist"), (file.path, "is not a folder")] {
            let result = try runImageFrame(["serve", "--port", "0", "--root", root])
            #expect(result.status == 78)
            #expect(result.stderr.contains("configuration: `root`: \(root) \(reason)"), "\(result.stderr)")
        }
    }

    @Test(
        "a signing key shorter than 32 bytes, or the shipped placeholder, stops serve and sign with exit 78 / 64 and how to make one",
        arguments: [
            ("secret", "at least 32 bytes, got one of 6"), ("replace-me-with-a-long-random-key", "still the placeholder of deploy/k8s/secret.yaml"),
        ])
    func weakKeys(_ key: String, _ reason: String) throws {
        let root = SignCommandTests.repository.appendingPathComponent("Samples").path
        let serve = try runImageFrame(
            ["serve", "--port", "0", "--root", root], environment: ["IMGFRAME_SIGNING_KEYS": SignCommandTests.key + "," + key])
        #expect(serve.status == 78)
        #expect(
            serve.stderr.contains("`signing.keys` = `(not shown)`") && serve.stderr.contains(reason) && serve.stderr.contains("openssl rand -hex 32"),
            "\(serve.stderr)")
        #expect(!serve.stderr.contains(SignCommandTests.key), "a key in the message: \(serve.stderr)")
        let sign = try runImageFrame(["sign", "--key", key, "/img/a.png"])
        #expect(sign.status != 0)
        #expect(sign.stderr.contains(reason) && sign.stderr.contains("openssl rand -hex 32"), "\(sign.stderr)")
    }

    @Test("the cache folder is logged at start-up")
    func cacheFolderLogged() throws {
        let server = try ServeProcess()
        #expect(try server.waitUntilListening().hasPrefix("listening on http://"))
        #expect(server.waitForLog("result cache in \(server.cacheFolder.path) (cache_dir)", seconds: 5))
        server.terminate()
        #expect(server.waitForExit() == 0)
    }
}
