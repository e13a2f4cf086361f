import Foundation
import HTTPTestSupport
@testable import Service
import ServiceTestSupport
import Testing

/// `maxbytes` on a real server: the body fits and `Imgframe-Byte-Budget` says so, on the miss and on
/// the hit alike; an impossible budget answers the smallest image, `exceeded`.
@Suite("byte budget: maxbytes")
struct ByteBudgetRouteTests {
    @Test("fits on the miss and on the hit; exceeded when even quality 1 is too large; part of the image's identity")
    func header() throws {
        let fixture = try ServiceFixture()
        let url = "/img/landscape_4.jpg?w=300&fmt=jpeg&maxbytes=6000"
        let miss = try fixture.get(url)
        #expect(miss.status == 200 && miss.body.count <= 6000, "\(miss.body.count) \(miss.text.prefix(200))")
        #expect(miss.header("Imgframe-Byte-Budget") == "fits" && miss.header("X-Cache") == "MISS")
        let hit = try fixture.get(url)
        #expect(hit.header("Imgframe-Byte-Budget") == "fits" && hit.header("X-Cache") == "HIT" && hit.body == miss.body)
        let plain = try fixture.get("/img/landscape_4.jpg?w=300&fmt=jpeg")
        #expect(plain.header("Imgframe-Byte-Budget") == nil && plain.body.count > 6000 && plain.header("ETag") != miss.header("ETag"))
        let impossible = try fixture.get("/img/landscape_4.jpg?w=300&fmt=jpeg&maxbytes=200")
        #expect(impossible.status == 200 && impossible.header("Imgframe-Byte-Budget") == "exceeded" && impossible.body.count > 200)
        #expect(impossible.body.count < miss.body.count)
    }

    @Test("maxbytes is 1 to 100 MiB bytes", arguments: ["0", "-5", "1.5", "104857601", "ten"])
    func refused(_ value: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/landscape_4.jpg?w=30&maxbytes=\(value)")
        #expect(response.status == 400 && response.json["param"] == "maxbytes", "\(response.text)")
    }
}
