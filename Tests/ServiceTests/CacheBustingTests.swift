import Foundation
@testable import Service
import ServiceTestSupport
import Testing

/// What a cache in front of the service may do with an answer: `v=` makes a new URL and ETag (same
/// pixels, and here one render and one stored body whatever `v` says) on every route, and the answer
/// to a signed URL that expires is never kept past its expiry.
@Suite("caching: v= and expiring signed URLs")
struct CacheBustingTests {
    static let key = "cache-busting-suite-key-of-32-bytes"

    static func fixture(_ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws -> ServiceFixture {
        let fixture = try ServiceFixture(configure)
        let award = try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("templates/award.swift"))
        try award.write(to: fixture.templates.appendingPathComponent("award.swift"))
        return fixture
    }

    @Test(
        "v= gives /img, /view and /info a new ETag, and the same bytes",
        arguments: [
            "/img/dot_green.png?w=10&h=10", "/view/award?name=Ana&date=22.11.2026&fmt=png", "/info/dot_green.png",
        ])
    func versionTag(_ target: String) throws {
        let fixture = try Self.fixture()
        let separator = target.contains("?") ? "&" : "?"
        let plain = try fixture.get(target)
        let tagged = try fixture.get(target + separator + "v=2")
        #expect(plain.status == 200 && tagged.status == 200, "\(tagged.text)")
        #expect(plain.body == tagged.body)
        let (etag, taggedETag) = (try #require(plain.header("ETag")), try #require(tagged.header("ETag")))
        #expect(etag != taggedETag)
        // Each ETag revalidates its own URL only.
        #expect(try fixture.get(target + separator + "v=2", headers: ["If-None-Match: \(taggedETag)"]).status == 304)
        #expect(try fixture.get(target + separator + "v=3", headers: ["If-None-Match: \(taggedETag)"]).status == 200)
    }

    @Test("a new v= renders nothing and stores nothing: it is a hit on the one body its pixels have")
    func versionTagSharesTheBody() throws {
        let fixture = try Self.fixture()
        #expect(try fixture.get("/img/landscape_4.jpg?w=120&fmt=png").header("X-Cache") == "MISS")
        for version in 1...5 {
            let tagged = try fixture.get("/img/landscape_4.jpg?w=120&fmt=png&v=\(version)")
            #expect(tagged.status == 200 && tagged.header("X-Cache") == "HIT", "v=\(version): \(tagged.headers)")
        }
        #expect(fixture.service.statistics.renders == 1)
        #expect(fixture.cacheFiles.count == 1, "\(fixture.cacheFiles)")
    }

    @Test("a v= that is not a short URL-safe tag is refused, naming v", arguments: ["", "a%20b", String(repeating: "x", count: 65)])
    func badVersionTag(_ value: String) throws {
        let fixture = try Self.fixture()
        for target in ["/img/dot_green.png?w=10&v=\(value)", "/info/dot_green.png?v=\(value)"] {
            let response = try fixture.get(target)
            #expect(response.status == 400 && response.text.contains("`v`"), "\(target): \(response.text)")
        }
    }

    @Test("a signed URL with exp is cached at most until then, without immutable; one without keeps the year")
    func expiringSignedURL() throws {
        let fixture = try Self.fixture { $0.signingKeys = [Self.key] }
        let signer = URLSigner(keys: [Self.key])
        let now = Int(Date().timeIntervalSince1970)
        let expiring = try fixture.get(signer.sign("/img/dot_green.png?w=12", expires: now + 120))
        #expect(expiring.status == 200)
        let cacheControl = try #require(expiring.header("Cache-Control"))
        let maxAge = try #require(cacheControl.firstMatch(of: /max-age=(\d+)/).flatMap { Int($0.1) })
        #expect(maxAge <= 120 && maxAge >= 110, "\(cacheControl)")
        #expect(!cacheControl.contains("immutable") && cacheControl.hasPrefix("public"), "\(cacheControl)")
        // Its 304 says the same.
        let etag = try #require(expiring.header("ETag"))
        let revalidated = try fixture.get(signer.sign("/img/dot_green.png?w=12", expires: now + 120), headers: ["If-None-Match: \(etag)"])
        #expect(revalidated.status == 304 && revalidated.header("Cache-Control")?.contains("immutable") != true)
        let lasting = try fixture.get(signer.sign("/img/dot_green.png?w=12"))
        #expect(lasting.header("Cache-Control") == "public, max-age=31536000, immutable")
    }

    @Test(
        "the bound keeps the other directives and never raises a max-age",
        arguments: [
            ("public, max-age=31536000, immutable", 60, "public, max-age=60"),
            ("public, max-age=30", 60, "public, max-age=30"),
            ("public, s-maxage=600, max-age=3600", 60, "public, s-maxage=60, max-age=60"),
            ("public", 60, "public, max-age=60"),
            ("no-store", 60, "no-store"),
            ("public, max-age=3600", -5, "public, max-age=0"),
            // A cache could serve these after the URL has expired.
            ("public, max-age=3600, stale-while-revalidate=86400, stale-if-error=604800", 60, "public, max-age=60"),
        ])
    func bound(_ value: String, _ left: Int, _ expected: String) {
        #expect(ExpiringCacheControl.bounded(value, secondsLeft: left) == expected)
    }
}
