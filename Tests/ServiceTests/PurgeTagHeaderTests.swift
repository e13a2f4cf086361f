import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

/// Every image answer names its sources and template for a CDN to purge by: `Surrogate-Key`
/// (space-separated) and `Cache-Tag` (comma-separated), the same on a miss, a hit and a 304.
@Suite("Purge tags in response headers")
struct PurgeTagHeaderTests {
    /// `s-` + the first 16 hex digits of SHA-256("landscape_4.jpg"), worked out apart from the service.
    static let landscape = "s-5b236ae13ef23b6d"
    /// The same of "sub/dot.png".
    static let subDot = "s-1f5b386c4345cd47"
    /// The same of "dot_green.png".
    static let dotGreen = "s-0bc089299ba98650"
    /// `t-` + the same of the template name "badge".
    static let badge = "t-8805cdea2b197df5"

    static func expectTags(_ response: RawClient.Response, _ tags: [String], _ comment: Comment? = nil) {
        #expect(response.header("Surrogate-Key") == tags.joined(separator: " "), comment)
        #expect(response.header("Cache-Tag") == tags.joined(separator: ","), comment)
    }

    @Test("an /img with an overlay names both sources, sorted, on the miss, the hit and the 304")
    func imageWithOverlay() throws {
        let fixture = try ServiceFixture()
        let target = "/img/landscape_4.jpg?w=100&h=100&mode=fill&overlay=sub/dot.png&oalign=bottomTrailing"
        let miss = try fixture.get(target)
        #expect(miss.status == 200 && miss.header("X-Cache") == "MISS")
        Self.expectTags(miss, [Self.subDot, Self.landscape], "miss")
        let hit = try fixture.get(target)
        #expect(hit.status == 200 && hit.header("X-Cache") == "HIT")
        Self.expectTags(hit, [Self.subDot, Self.landscape], "hit")
        let etag = try #require(miss.header("ETag"))
        let notModified = try fixture.get(target, headers: ["If-None-Match: \(etag)"])
        #expect(notModified.status == 304)
        Self.expectTags(notModified, [Self.subDot, Self.landscape], "304")
    }

    @Test("a /view names its template after the images it shows; /info names its source")
    func viewAndInfo() throws {
        let fixture = try ServiceFixture()
        try ViewTemplateRouteTests.write("badge", ViewTemplateRouteTests.badge, in: fixture)
        let target = "/view/badge?label=Hi&fmt=png"
        let miss = try fixture.get(target)
        #expect(miss.status == 200 && miss.header("X-Cache") == "MISS", "\(miss.text)")
        Self.expectTags(miss, [Self.dotGreen, Self.badge], "view miss")
        let hit = try fixture.get(target)
        #expect(hit.header("X-Cache") == "HIT")
        Self.expectTags(hit, [Self.dotGreen, Self.badge], "view hit")
        let notModified = try fixture.get(target, headers: ["If-None-Match: \(try #require(miss.header("ETag")))"])
        #expect(notModified.status == 304)
        Self.expectTags(notModified, [Self.dotGreen, Self.badge], "view 304")
        let info = try fixture.get("/info/landscape_4.jpg")
        #expect(info.status == 200)
        Self.expectTags(info, [Self.landscape], "info")
    }

    @Test("a hit after a restart carries the tags read from the entry's own identity")
    func afterRestart() throws {
        let first = try ServiceFixture()
        let target = "/img/dot_green.png?w=20&fmt=png"
        #expect(try first.get(target).header("X-Cache") == "MISS")
        let second = try ServiceFixture {
            $0.cacheDirectory = first.cacheFolder.path; $0.root = first.root.path
        }
        #expect(second.waitUntil { second.service.cache.usage.entries == 1 })
        let hit = try second.get(target)
        #expect(hit.header("X-Cache") == "HIT")
        Self.expectTags(hit, [Self.dotGreen])
    }

    @Test("an error carries no tags")
    func errorsCarryNone() throws {
        let fixture = try ServiceFixture()
        let missing = try fixture.get("/img/missing.png?w=10")
        #expect(missing.status == 404 && missing.header("Surrogate-Key") == nil && missing.header("Cache-Tag") == nil)
    }
}
