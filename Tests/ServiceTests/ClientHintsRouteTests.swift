import Foundation
import HTTPTestSupport
@testable import Service
import ServiceTestSupport
import Testing
import Vips

/// `client_hints = true` on a real server: `Sec-CH-DPR`/`DPR` set the scale and `Sec-CH-Width`/`Width`
/// the proposed width of a URL that leaves them open, `Save-Data: on` lowers quality; the answers say
/// `Accept-CH` and `Vary` exactly the hints that can change them, and a hinted answer is the same
/// request written out in the URL (same ETag), cached apart from the plain one.
@Suite("Client Hints and Save-Data")
struct ClientHintsRouteTests {
    static func hinted() throws -> ServiceFixture {
        try ServiceFixture { $0.clientHints = true }
    }

    @Test("DPR sets the scale of a URL without one: the answer is the URL with scale written out")
    func dprSetsScale() throws {
        let fixture = try Self.hinted()
        let plain = try fixture.get("/img/landscape_4.jpg?w=100&h=50&mode=fill&fmt=jpeg")
        #expect(try VImage.decode(plain.body).width == 100)
        #expect(plain.header("Accept-CH") == "Sec-CH-DPR, Sec-CH-Width")
        #expect(plain.header("Vary") == "Sec-CH-DPR, DPR, Save-Data", "\(plain.headers)")
        let hinted = try fixture.get("/img/landscape_4.jpg?w=100&h=50&mode=fill&fmt=jpeg", headers: ["Sec-CH-DPR: 2"])
        let image = try VImage.decode(hinted.body)
        #expect(image.width == 200 && image.height == 100)
        #expect(hinted.header("X-Cache") == "MISS" && hinted.header("ETag") != plain.header("ETag"))
        let written = try fixture.get("/img/landscape_4.jpg?w=100&h=50&mode=fill&fmt=jpeg&scale=2")
        #expect(written.header("ETag") == hinted.header("ETag") && written.header("X-Cache") == "HIT")
        #expect(written.header("Vary") == "Save-Data", "the URL sets the scale: DPR changes nothing")
        let legacy = try fixture.get("/img/landscape_4.jpg?w=100&h=50&mode=fill&fmt=jpeg", headers: ["DPR: 2.0"])
        #expect(legacy.header("ETag") == hinted.header("ETag"))
        let ignored = try fixture.get("/img/landscape_4.jpg?w=100&h=50&mode=fill&fmt=jpeg&dpr=1", headers: ["Sec-CH-DPR: 3"])
        #expect(try VImage.decode(ignored.body).width == 100)
    }

    @Test("Width, in device pixels, proposes the width in points of a URL without w or pw")
    func widthProposes() throws {
        let fixture = try Self.hinted()
        let response = try fixture.get("/img/landscape_4.jpg?fmt=jpeg", headers: ["Sec-CH-Width: 300", "Sec-CH-DPR: 2"])
        let image = try VImage.decode(response.body)
        // 300 device pixels at scale 2: 150 points proposed, the photo fitted to them and drawn at 2×.
        #expect(image.width == 300 && image.height == 225, "\(image.width)×\(image.height)")
        #expect(response.header("Vary") == "Sec-CH-DPR, DPR, Sec-CH-Width, Width, Save-Data")
        let written = try fixture.get("/img/landscape_4.jpg?fmt=jpeg&pw=150&scale=2")
        #expect(written.header("ETag") == response.header("ETag"))
        let framed = try fixture.get("/img/landscape_4.jpg?w=80&fmt=jpeg", headers: ["Width: 500"])
        #expect(try VImage.decode(framed.body).width == 80)
        #expect(framed.header("Vary") == "Sec-CH-DPR, DPR, Save-Data")
    }

    @Test("Save-Data: on lowers quality by the step: fewer bytes, the URL's quality written out")
    func saveData() throws {
        let fixture = try Self.hinted()
        let full = try fixture.get("/img/landscape_4.jpg?w=300&fmt=jpeg")
        let saving = try fixture.get("/img/landscape_4.jpg?w=300&fmt=jpeg", headers: ["Save-Data: on"])
        #expect(saving.status == 200 && saving.body.count < full.body.count * 9 / 10, "\(saving.body.count) vs \(full.body.count)")
        let written = try fixture.get("/img/landscape_4.jpg?w=300&fmt=jpeg&q=60")
        #expect(written.header("ETag") == saving.header("ETag"))
        let other = try fixture.get("/img/landscape_4.jpg?w=300&fmt=jpeg", headers: ["Save-Data: off"])
        #expect(other.header("ETag") == full.header("ETag"))
        let png = try fixture.get("/img/dot_green.png?w=10&fmt=png")
        #expect(png.header("Vary") == "Sec-CH-DPR, DPR", "PNG has no quality to lower")
    }

    @Test("unreadable hints change nothing; a DPR past limits.scale is brought down to it")
    func unreadable() throws {
        let fixture = try Self.hinted()
        let plain = try fixture.get("/img/landscape_4.jpg?w=40&fmt=jpeg")
        for header in ["Sec-CH-DPR: two", "Sec-CH-DPR: -1", "Sec-CH-DPR: nan", "Sec-CH-Width: 0", "Sec-CH-Width: 1e9x", "Save-Data: maybe"] {
            let response = try fixture.get("/img/landscape_4.jpg?w=40&fmt=jpeg", headers: [header])
            #expect(response.status == 200 && response.header("ETag") == plain.header("ETag"), "\(header)")
        }
        let capped = try fixture.get("/img/landscape_4.jpg?w=40&fmt=jpeg", headers: ["Sec-CH-DPR: 1000"])
        let written = try fixture.get("/img/landscape_4.jpg?w=40&fmt=jpeg&scale=\(ServiceConfiguration().spec.maxScale)")
        #expect(capped.header("ETag") == written.header("ETag"))
    }

    @Test("off by default: hints change nothing and no Accept-CH is sent")
    func offByDefault() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/landscape_4.jpg?w=100&fmt=jpeg", headers: ["Sec-CH-DPR: 2", "Save-Data: on"])
        #expect(try VImage.decode(response.body).width == 100)
        #expect(response.header("Accept-CH") == nil && response.header("Vary") == nil)
    }

    @Test("view templates take DPR and Width too, and a 304 carries the same Vary")
    func views() throws {
        let fixture = try Self.hinted()
        try "import SwiftUI\n\nstruct Badge: View {\n    var body: some View { Color.red.frame(width: 40, height: 20) }\n}\n"
            .write(to: fixture.templates.appendingPathComponent("Badge.swift"), atomically: true, encoding: .utf8)
        let response = try fixture.get("/view/Badge?fmt=png", headers: ["Sec-CH-DPR: 3"])
        let width = try VImage.decode(response.body).width
        #expect(response.status == 200 && width == 120)
        let etag = try #require(response.header("ETag"))
        let revalidated = try fixture.get("/view/Badge?fmt=png", headers: ["Sec-CH-DPR: 3", "If-None-Match: \(etag)"])
        #expect(revalidated.status == 304 && revalidated.header("Vary") == "Sec-CH-DPR, DPR, Sec-CH-Width, Width")
    }
}
