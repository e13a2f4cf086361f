import Foundation
import HTTPTestSupport
@testable import Service
import ServiceTestSupport
import Testing
import Vips

/// `fallback = path` on a real server: a request whose own image is missing or undecodable gets the
/// fallback drawn through its layout, with the error's status and a short `max-age`; other images of
/// the request still fail as they do without it.
@Suite("fallback image")
struct FallbackImageRouteTests {
    static func fixture(maxAge: Duration = FallbackImage.defaultMaxAge) throws -> ServiceFixture {
        try ServiceFixture { configuration in
            configuration.fallback = ServiceFixture.samples.appendingPathComponent("dot_green.png").path
            configuration.fallbackMaxAge = maxAge
        }
    }

    @Test(
        "a missing, a non-image and a corrupt source answer the fallback in the URL's frame, with their own status",
        arguments: [
            ("missing.jpg", 404), ("text.jpg", 415), ("truncated.jpg", 422),
        ])
    func answersTheFallback(_ name: String, _ status: Int) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/img/\(name)?w=40&h=30&mode=fill&fmt=png")
        #expect(response.status == status, "\(response.text.prefix(200))")
        #expect(response.header("Content-Type") == "image/png" && response.header("Cache-Control") == "public, max-age=60")
        #expect(response.header("ETag") == nil)
        let image = try VImage.decode(response.body)
        #expect(image.width == 40 && image.height == 30)
        let pixels = try image.pixels()
        let centre = Array(pixels[(15 * 40 + 20) * image.bands..<(15 * 40 + 21) * image.bands])
        #expect(centre[1] > 150 && centre[0] < 100, "the green dot fills the frame: \(centre)")
        let again = try fixture.get("/img/\(name)?w=40&h=30&mode=fill&fmt=png")
        #expect(again.status == status && again.header("X-Cache") == "MISS", "a fallback answer is never stored")
    }

    @Test("fallback.max_age sets its Cache-Control; fmt=auto still negotiates")
    func maxAgeAndNegotiation() throws {
        let fixture = try Self.fixture(maxAge: .seconds(5))
        let response = try fixture.get("/img/missing.jpg?w=20", headers: ["Accept: image/webp"])
        #expect(response.status == 404 && response.header("Content-Type") == "image/webp" && response.header("Vary") == "Accept")
        #expect(response.header("Cache-Control") == "public, max-age=5")
    }

    @Test("a missing overlay is the request's error, not the fallback's")
    func otherImagesStillFail() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/img/landscape_4.jpg?w=40&overlay=missing.png")
        #expect(response.status == 404 && response.header("Content-Type") == "application/json" && response.json["param"] == "overlay")
    }

    @Test("without a fallback the error is JSON; a fallback that is no file stops start-up")
    func withoutAndUnusable() throws {
        let plain = try ServiceFixture()
        #expect(try plain.get("/img/missing.jpg?w=40").header("Content-Type") == "application/json")
        var configuration = ServiceConfiguration()
        configuration.fallback = "/nonexistent/fallback.png"
        #expect(throws: ConfigurationError.self) { try configuration.checkFolders() }
    }
}
