import Foundation
import HTTPTestSupport
import Service
import Testing

/// `fmt=pdf` over HTTP: the award page of Apple's example, cached and revalidated like every
/// format; `page` is part of the request's identity and belongs to PDF only.
@Suite("GET fmt=pdf")
struct PDFRouteTests {
    static func fixture() throws -> ServiceFixture {
        let fixture = try ServiceFixture()
        let award = try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("templates/award.swift"))
        try award.write(to: fixture.templates.appendingPathComponent("award.swift"))
        return fixture
    }

    @Test("/view/award as an 800×600 PDF: application/pdf, a cache hit the second time, 304 on its ETag")
    func awardPage() throws {
        let fixture = try Self.fixture()
        let target = "/view/award?name=Ana&date=22.11.2026&fmt=pdf&page=800x600"
        let first = try fixture.get(target)
        #expect(first.status == 200 && first.header("Content-Type") == "application/pdf" && first.header("X-Cache") == "MISS", "\(first.text)")
        #expect(first.body.starts(with: Array("%PDF-".utf8)))
        let second = try fixture.get(target)
        #expect(second.status == 200 && second.header("X-Cache") == "HIT" && second.header("Content-Type") == "application/pdf")
        #expect(second.body == first.body)
        let etag = try #require(first.header("ETag"))
        #expect(try fixture.get(target, headers: ["If-None-Match: \(etag)"]).status == 304)
        // The page is part of the identity; a4 is its size spelled out.
        let a4 = try fixture.get("/view/award?name=Ana&date=22.11.2026&fmt=pdf&page=a4")
        #expect(a4.status == 200 && a4.header("ETag") != etag)
        #expect(try fixture.get("/view/award?name=Ana&date=22.11.2026&fmt=pdf&page=595.28x841.89").header("ETag") == a4.header("ETag"))
        #expect(try fixture.get("/view/award?name=Ana&date=22.11.2026&fmt=pdf").header("ETag") != etag)
    }

    @Test("/img answers a PDF; fmt=auto never does, whatever Accept says")
    func imageRoute() throws {
        let fixture = try Self.fixture()
        let pdf = try fixture.get("/img/landscape_4.jpg?w=300&h=200&mode=fill&clip=1&fmt=pdf")
        #expect(pdf.status == 200 && pdf.header("Content-Type") == "application/pdf")
        let auto = try fixture.get("/img/landscape_4.jpg?w=300&h=200", headers: ["Accept: application/pdf,*/*"])
        #expect(auto.status == 200 && auto.header("Content-Type")?.hasPrefix("image/") == true, "\(auto.header("Content-Type") ?? "")")
    }

    @Test("page is refused with 400 outside fmt=pdf, and when it is not a size", arguments: [
        ("/img/dot_green.png?w=10&page=a4", "applies to fmt=pdf only"),
        ("/img/dot_green.png?w=10&fmt=png&page=a4", "applies to fmt=pdf only"),
        ("/img/dot_green.png?w=10&fmt=pdf&page=0x100", "WxH in points"),
        ("/img/dot_green.png?w=10&fmt=pdf&page=100x20000", "at most 14400"),
        ("/img/dot_green.png?w=10&fmt=pdf&page=a5", "a4 or letter"),
        ("/img/dot_green.png?w=10&fmt=pdf&page=infxinf", "WxH in points"),
    ])
    func badPage(_ target: String, _ message: String) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get(target)
        #expect(response.status == 400 && response.text.contains(message), "\(response.text)")
    }
}
