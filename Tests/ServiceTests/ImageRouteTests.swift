import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

@Suite("GET /img: headers, negotiation, conditional requests")
struct ImageRouteTests {
    static let query = "/img/landscape_4.jpg?w=300&h=400&mode=fill&clip=1&interp=medium"

    @Test("200 with Content-Type, Content-Length, strong ETag, Cache-Control, Vary and Server-Timing")
    func headers() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(Self.query)
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/jpeg")
        #expect(response.header("Content-Length") == String(response.body.count))
        #expect(Array(response.body.prefix(3)) == [0xFF, 0xD8, 0xFF])
        let etag = try #require(response.header("ETag"))
        #expect(etag.hasPrefix("\"") && etag.hasSuffix("\"") && !etag.hasPrefix("W/") && etag.count == 34)
        #expect(response.header("Cache-Control") == "public, max-age=31536000, immutable")
        #expect(response.header("Vary") == "Accept")
        let timing = try #require(response.header("Server-Timing"))
        for stage in ["open;desc=", "layout;desc=", "pipeline;desc=", "encode;desc="] { #expect(timing.contains(stage)) }
    }

    @Test("an explicit format does not vary by Accept")
    func explicitFormat() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/dot_green.png?w=60&fmt=png", headers: ["Accept: image/avif,image/webp"])
        #expect(response.header("Content-Type") == "image/png" && response.header("Vary") == nil)
    }

    @Test(
        "fmt=auto follows Accept: JPEG XL, then AVIF, then WebP, else JPEG/PNG",
        arguments: [
            ("image/webp,image/avif,image/jxl,*/*", "image/jxl"), ("image/jxl;q=0,image/avif", "image/avif"),
            ("image/avif,image/webp,*/*", "image/avif"), ("image/webp,*/*;q=0.8", "image/webp"),
            ("image/avif;q=0,image/webp", "image/webp"), ("*/*", "image/jpeg"), ("", "image/jpeg"),
        ])
    func negotiation(_ accept: String, _ expected: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/landscape_4.jpg?w=64&h=48&mode=fill", headers: accept.isEmpty ? [] : ["Accept: \(accept)"])
        #expect(response.header("Content-Type") == expected)
        #expect(response.header("Vary") == "Accept")
    }

    @Test("format toggles: with JPEG XL, AVIF and WebP off, auto is JPEG (PNG with transparency) and does not vary")
    func toggles() throws {
        let fixture = try ServiceFixture {
            $0.jxl = false; $0.avif = false; $0.webp = false
        }
        let opaque = try fixture.get("/img/landscape_4.jpg?w=64&h=48&mode=fill", headers: ["Accept: image/jxl,image/avif,image/webp"])
        #expect(opaque.header("Content-Type") == "image/jpeg" && opaque.header("Vary") == nil)
        let transparent = try fixture.get("/img/dot_green.png?w=64", headers: ["Accept: image/avif,image/webp"])
        #expect(transparent.header("Content-Type") == "image/png")
        let avifFirst = try ServiceFixture { $0.jxl = false }
        #expect(
            try avifFirst.get("/img/landscape_4.jpg?w=64&h=48&mode=fill", headers: ["Accept: image/jxl,image/avif"]).header("Content-Type")
                == "image/avif")
        let webpOnly = try ServiceFixture { $0.avif = false }
        #expect(
            try webpOnly.get("/img/landscape_4.jpg?w=64&h=48&mode=fill", headers: ["Accept: image/avif,image/webp"]).header("Content-Type")
                == "image/webp")
    }

    @Test("HEAD: same headers, no body")
    func head() throws {
        let fixture = try ServiceFixture()
        let get = try fixture.get(Self.query)
        let head = try fixture.get(Self.query, method: "HEAD")
        #expect(head.status == 200 && head.body.isEmpty)
        for name in ["Content-Type", "Content-Length", "ETag", "Cache-Control", "Vary"] {
            #expect(head.header(name) == get.header(name), "\(name)")
        }
    }

    @Test("If-None-Match answers 304 without rendering, for strong, weak, listed and * tags")
    func notModified() throws {
        let fixture = try ServiceFixture()
        let etag = try #require(try fixture.get(Self.query).header("ETag"))
        for condition in [etag, "W/\(etag)", "\"other\", \(etag)", "*"] {
            let response = try fixture.get(Self.query, headers: ["If-None-Match: \(condition)"])
            #expect(response.status == 304 && response.body.isEmpty)
            #expect(response.header("ETag") == etag && response.header("Cache-Control") != nil && response.header("Server-Timing") == nil)
        }
        #expect(try fixture.get(Self.query, headers: ["If-None-Match: \"different\""]).status == 200)
    }

    @Test("the ETag identifies the canonical request, the negotiated format and the source's identity")
    func etagIdentity() throws {
        // source_check 0: the source's identity is checked on every request (see cache.source_check).
        let fixture = try ServiceFixture { $0.sourceCheck = .zero }
        let a = try fixture.get("/img/dot_green.png?w=40&h=40&mode=fill").header("ETag")
        #expect(try fixture.get("/img/dot_green.png?mode=fill&h=40&w=40.0").header("ETag") == a)
        #expect(try fixture.get("/img/dot_green.png?w=41&h=40&mode=fill").header("ETag") != a)
        #expect(try fixture.get("/img/dot_green.png?w=40&h=40&mode=fill", headers: ["Accept: image/webp"]).header("ETag") != a)
        let file = fixture.root.appendingPathComponent("dot_green.png")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 60)], ofItemAtPath: file.path)
        #expect(try fixture.get("/img/dot_green.png?w=40&h=40&mode=fill").header("ETag") != a)
    }

    @Test("overlays and symlinks inside the root are served")
    func inside() throws {
        let fixture = try ServiceFixture()
        #expect(try fixture.get("/img/inside.png?w=20").status == 200)
        #expect(try fixture.get("/img/sub/dot.png?w=20").status == 200)
        #expect(try fixture.get("/img/landscape_4.jpg?w=100&h=100&mode=fill&overlay=sub/dot.png&oalign=bottomTrailing").status == 200)
    }
}

@Suite("GET /img: errors")
struct ImageErrorTests {
    /// Target → status and the `param` of the JSON body (if any).
    static let cases: [(String, Int, String?)] = [
        ("/img/landscape_4.jpg?mode=fil", 400, "mode"),
        ("/img/landscape_4.jpg?wdth=3", 400, "wdth"),
        ("/img/landscape_4.jpg?chain=resizable(", 400, "chain"),
        ("/img/landscape_4.jpg?w=300&mode=fill", 400, "mode"),
        ("/img/landscape_4.jpg?chain=resizable().scaledToFill().frame(width:300)", 400, nil),
        ("/img/missing.jpg?w=10", 404, "path"),
        ("/img/landscape_4.jpg?w=10&overlay=missing.png", 404, "overlay"),
        ("/img/landscape_4.jpg?chain=resizable().overlay%7BImage(%22missing.png%22)%7D", 404, "chain"),
        ("/img/landscape_4.jpg?w=10&dpr=abc", 400, "dpr"),
        ("/img/landscape_4.jpg?w=300&h=400&mode=cover", 400, "mode"),
        ("/img/text.jpg?w=10", 415, "path"),
        ("/img/truncated.jpg?w=100&fmt=jpeg", 422, "path"),
        ("/img/dot_green.png?w=70000&h=1&mode=stretch&fmt=gif", 400, nil),
        ("/nothing-here", 404, nil),
    ]

    @Test("status and JSON body", arguments: cases)
    func error(_ target: String, _ status: Int, _ param: String?) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(target)
        #expect(response.status == status, "\(target): \(response.text)")
        #expect(response.header("Content-Type") == "application/json" && response.header("Cache-Control") == "no-store")
        #expect(response.json["error"]?.isEmpty == false)
        #expect(response.json["param"] == param)
        #expect(!response.text.contains(fixture.root.path), "server paths must not leak")
    }

    @Test("a failure inside libvips is a 500 without details")
    func internalError() throws {
        // GIF cannot be wider than 65535 px; with the output limits raised, the encoder fails.
        let fixture = try ServiceFixture {
            $0.render.maxOutputSide = 100_000
            $0.render.maxIntermediateSide = 100_000
        }
        let response = try fixture.get("/img/dot_green.png?w=70000&h=1&mode=stretch&fmt=gif")
        #expect(response.status == 500 && response.json == ["error": "internal error while rendering"])
        #expect(response.header("Cache-Control") == "no-store")
    }

    @Test("405 with Allow for other methods")
    func methodNotAllowed() throws {
        let fixture = try ServiceFixture()
        // The image routes also answer OPTIONS (CORS preflights).
        for (target, allow) in [("/img/dot_green.png?w=10", "GET, HEAD, OPTIONS"), ("/healthz", "GET, HEAD")] {
            let client = try fixture.client()
            try client.send("DELETE \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 405 && response.header("Allow") == allow && response.json["error"] != nil)
        }
    }

    @Test("protocol errors answer JSON too")
    func protocolErrors() throws {
        let fixture = try ServiceFixture()
        let client = try fixture.client()
        try client.send("GET /healthz HTTP/9.9\r\n\r\n")
        let response = try client.readResponse()
        #expect(response.status == 505 && response.json["error"] == "HTTP Version Not Supported")
    }

    /// Spellings that try to leave the root; none may return the outside file.
    static let traversals = [
        "/img/../outside/secret.png", "/img/%2e%2e/outside/secret.png", "/img/%2E%2E%2Foutside%2Fsecret.png",
        "/img/..%2foutside/secret.png", "/img//etc/passwd", "/img/%2Fetc%2Fpasswd", "/img/dot_green.png%00.jpg",
        "/img/..%5coutside%5csecret.png", "/img/sub\\..\\..\\outside\\secret.png", "/img/./dot_green.png",
        "/img/escape.png", "/img/outdir/secret.png", "/img/sub/%2e%2e/%2e%2e/outside/secret.png",
        "/img/dot_green.png?overlay=../outside/secret.png", "/img/dot_green.png?overlay=/etc/passwd",
        "/img/dot_green.png?chain=overlay%7BImage(%22../outside/secret.png%22)%7D",
        "/img/dot_green.png?overlay=outdir/secret.png",
    ]

    @Test("traversal never reaches outside the root", arguments: traversals)
    func traversal(_ target: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(target)
        #expect([400, 404].contains(response.status), "\(target) → \(response.status)")
        #expect(!response.header("Content-Type", default: "").hasPrefix("image/"))
    }

    @Test("health checks answer while renders are running; excess renders get 503 + Retry-After")
    func overload() throws {
        // No queue, and a refusal held for only 50 ms, so the loop below reaches its 503 quickly.
        let fixture = try ServiceFixture {
            $0.workers = 1; $0.queueLength = 0; $0.queueTimeout = .milliseconds(50)
        }
        let slow = "/img/landscape_4.jpg?w=2000&h=1500&mode=fill&fmt=png"
        let busy = try fixture.client()
        try busy.send("GET \(slow) HTTP/1.1\r\nHost: t\r\n\r\n")
        // Start only once the slow render holds the one worker; before that, a small render could
        // take the worker and the slow one be the request refused.
        #expect(try fixture.waitUntil { try fixture.get("/metrics").text.contains("imgframe_renders_in_flight 1") })
        var refused: RawClient.Response?
        for i in 0..<200 where refused == nil {
            let response = try fixture.get("/img/dot_green.png?w=\(10 + i)&fmt=png")
            if response.status == 503 { refused = response }
            #expect(try fixture.get("/healthz").status == 200)
        }
        let response = try #require(refused)
        #expect(response.header("Retry-After") == "1" && response.json["error"] != nil)
        #expect(try busy.readResponse().status == 200)
    }

    @Test("/healthz and /readyz")
    func health() throws {
        let fixture = try ServiceFixture()
        #expect(try fixture.get("/healthz").json["status"] == "ok")
        let ready = try fixture.get("/readyz")
        #expect(ready.status == 200 && ready.json["status"] == "ready")
        let missingRoot = try ServiceFixture { $0.root = "/nonexistent-imgframe-root" }
        #expect(try missingRoot.get("/readyz").status == 503)
    }
}

extension RawClient.Response {
    func header(_ name: String, default value: String) -> String { header(name) ?? value }
}

@Suite("GET /img: errors say what was meant and blame what was written")
struct HelpfulErrorRouteTests {
    @Test(
        "near misses get a 400 with a hint, naming the parameter as written",
        arguments: [
            ("w=300&h=400&mode=cover", "mode", "did you mean `fill`?"),
            ("w=300&h=400&align=top-left", "align", "did you mean `topLeading`?"),
            ("w=300&dpr=abc", "dpr", "`dpr` must be a number"),
            ("w=10&overlay=missing.png", "overlay", "image `missing.png` not found"),
        ])
    func hint(_ query: String, _ param: String, _ fragment: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/landscape_4.jpg?" + query)
        #expect(response.json["param"] == param, "\(response.text)")
        #expect(response.json["error"]?.contains(fragment) == true, "\(response.text)")
    }

    @Test(
        "accepted spellings render like the canonical ones",
        arguments: [
            ("w=40&h=30&clip=true&fmt=JPEG", "w=40&h=30&clip=1&fmt=jpeg"),
            ("w=40&h=30&bg=%23f00&fmt=jpg", "w=40&h=30&bg=ff0000&fmt=jpeg"),
            ("w=40&h=30&bg=linear(red,%20blue)&fmt=png", "w=40&h=30&bg=linear(red,blue)&fmt=png"),
            ("w=40&h=30&bg=transparent&fmt=png", "w=40&h=30&bg=clear&fmt=png"),
        ])
    func accepted(_ typed: String, _ canonical: String) throws {
        let fixture = try ServiceFixture()
        let a = try fixture.get("/img/landscape_4.jpg?" + typed)
        let b = try fixture.get("/img/landscape_4.jpg?" + canonical)
        #expect(a.status == 200, "\(a.text)")
        #expect(a.header("ETag") == b.header("ETag"))
    }
}
