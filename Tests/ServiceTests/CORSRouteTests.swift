import Foundation
import Service
import ServiceTestSupport
import Testing

@Suite("CORS on the image routes")
struct CORSRouteTests {
    static let image = "/img/dot_green.png?w=10&h=10"

    @Test("off by default: no CORS headers, OPTIONS is 204 with Allow")
    func offByDefault() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(Self.image, headers: ["Origin: https://app.example"])
        #expect(response.status == 200)
        #expect(response.header("Access-Control-Allow-Origin") == nil && response.header("Timing-Allow-Origin") == nil)
        #expect(response.header("Vary")?.contains("Origin") != true)
        let options = try fixture.get(Self.image, method: "OPTIONS")
        #expect(options.status == 204 && options.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(options.header("Access-Control-Allow-Origin") == nil)
        // Other methods still get 405, now naming OPTIONS among the allowed ones.
        let post = try fixture.get(Self.image, method: "DELETE")
        #expect(post.status == 405 && post.header("Allow") == "GET, HEAD, OPTIONS")
        #expect(try fixture.get("/healthz", method: "OPTIONS").status == 405)
    }

    @Test("`*`: any origin, no Vary: Origin, timing and headers exposed")
    func anyOrigin() throws {
        let fixture = try ServiceFixture { $0.cors = CORSPolicy(origins: .any) }
        for headers in [["Origin: https://a.example"], []] {
            let response = try fixture.get(Self.image, headers: headers)
            #expect(response.status == 200)
            #expect(response.header("Access-Control-Allow-Origin") == "*" && response.header("Timing-Allow-Origin") == "*")
            #expect(response.header("Access-Control-Expose-Headers")?.contains("Server-Timing") == true)
            #expect(response.header("Access-Control-Expose-Headers")?.contains("ETag") == true)
            #expect(response.header("Vary")?.contains("Origin") != true)
        }
        // Errors carry them too, so a page can read why.
        let missing = try fixture.get("/img/nope.png", headers: ["Origin: https://a.example"])
        #expect(missing.status == 404 && missing.header("Access-Control-Allow-Origin") == "*")
    }

    @Test("a list: listed origins echoed, others not, Vary: Origin on every answer")
    func listedOrigins() throws {
        let fixture = try ServiceFixture { $0.cors = CORSPolicy(origins: .listed(["https://app.example", "http://localhost:3000"])) }
        let listed = try fixture.get(Self.image, headers: ["Origin: http://localhost:3000"])
        #expect(listed.status == 200 && listed.header("Access-Control-Allow-Origin") == "http://localhost:3000")
        #expect(listed.header("Timing-Allow-Origin") == "http://localhost:3000")
        #expect(listed.header("Vary")?.contains("Origin") == true)
        let unlisted = try fixture.get(Self.image, headers: ["Origin: https://evil.example"])
        #expect(unlisted.status == 200 && unlisted.header("Access-Control-Allow-Origin") == nil && unlisted.header("Timing-Allow-Origin") == nil)
        #expect(unlisted.header("Vary")?.contains("Origin") == true)
        let none = try fixture.get(Self.image)
        #expect(none.header("Vary")?.contains("Origin") == true && none.header("Access-Control-Allow-Origin") == nil)
        // One Vary field listing both when fmt=auto also varies by Accept.
        let auto = try fixture.get("/img/dot_green.png?w=10&fmt=auto", headers: ["Origin: https://app.example", "Accept: image/webp"])
        #expect(auto.header("Vary") == "Accept, Origin")
        let notModified = try fixture.get(Self.image, headers: ["Origin: https://app.example", "If-None-Match: \(listed.header("ETag") ?? "")"])
        #expect(
            notModified.status == 304 && notModified.header("Vary")?.hasSuffix("Origin") == true
                && notModified.header("Access-Control-Allow-Origin") == "https://app.example")
    }

    @Test("preflight: 204 with methods, safe requested headers, max age; unlisted origin gets no grant")
    func preflight() throws {
        let fixture = try ServiceFixture {
            $0.cors = CORSPolicy(origins: .listed(["https://app.example"]))
            $0.signingKeys = ["secret"]
        }
        for path in [Self.image, "/view/card?title=x", "/info/dot_green.png"] {
            let response = try fixture.get(
                path, method: "OPTIONS",
                headers: [
                    "Origin: https://app.example", "Access-Control-Request-Method: GET", "Access-Control-Request-Headers: If-None-Match, X-Evil",
                ])
            #expect(response.status == 204, "\(path)")
            #expect(response.header("Access-Control-Allow-Origin") == "https://app.example")
            #expect(response.header("Access-Control-Allow-Methods") == "GET, HEAD, OPTIONS")
            #expect(response.header("Access-Control-Allow-Headers") == "if-none-match")
            #expect(response.header("Access-Control-Max-Age") == "86400")
            #expect(response.header("Vary") == "Origin, Access-Control-Request-Headers")
        }
        let refused = try fixture.get(Self.image, method: "OPTIONS", headers: ["Origin: https://evil.example", "Access-Control-Request-Method: GET"])
        #expect(
            refused.status == 204 && refused.header("Access-Control-Allow-Origin") == nil && refused.header("Access-Control-Allow-Methods") == nil)
    }

    @Test(
        "cors.allow_origins and IMGFRAME_CORS_ALLOW_ORIGINS",
        arguments: [
            ("*", CORSPolicy.Origins.any), ("", .none),
            ("https://a.example, http://localhost:3000", .listed(["https://a.example", "http://localhost:3000"])),
        ])
    func setting(value: String, origins: CORSPolicy.Origins) throws {
        let configuration = try ConfigurationLoader.load(file: nil, environment: ["IMGFRAME_CORS_ALLOW_ORIGINS": value], flags: [])
        #expect(configuration.cors.origins == origins)
    }

    @Test("a malformed origin stops start-up with the key")
    func badOrigin() {
        for value in ["https://a.example/", "a.example", "https://a.example, *"] {
            #expect(throws: ConfigurationError.self, "\(value)") {
                try ConfigurationLoader.load(file: nil, environment: [:], flags: [("cors.allow_origins", value)])
            }
        }
    }
}
