import Foundation
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// `colormode=` over a real server: its own cached variant with its own ETag.
@Suite("GET /img and /view: colormode")
struct ColorModeRouteTests {
    static let query = "/img/landscape_4.jpg?w=120&h=90&mode=fill"

    @Test("linear is its own variant: another ETag and cache entry; nonLinear spelled out is the default's")
    func etagPerMode() throws {
        let fixture = try ServiceFixture()
        let plain = try fixture.get(Self.query)
        let linear = try fixture.get(Self.query + "&colormode=linear")
        #expect(plain.status == 200 && linear.status == 200, "\(linear.text)")
        let etag = try #require(plain.header("ETag"))
        #expect(linear.header("ETag") != etag)
        #expect(linear.header("X-Cache") == "MISS")
        #expect(try fixture.get(Self.query + "&colormode=nonLinear").header("ETag") == etag)
        let again = try fixture.get(Self.query + "&colormode=linear")
        #expect(again.header("X-Cache") == "HIT" && again.header("ETag") == linear.header("ETag") && again.body == linear.body)
    }

    @Test("extendedLinear answers a 16-bit PNG whatever the Accept header, without Vary")
    func extendedLinear() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(Self.query + "&colormode=extendedLinear", headers: ["Accept: image/avif,image/webp,*/*"])
        #expect(response.status == 200 && response.header("Content-Type") == "image/png")
        #expect(response.header("Vary") == nil)
        let image = try VImage.decode(response.body)
        #expect(image.bitsPerSample == 16 && image.width == 120 && image.height == 90)
    }

    @Test(
        "errors name colormode",
        arguments: [
            ("colormode=extendedLinear&fmt=jpeg", "needs fmt=png"), ("colormode=linear-light", "did you mean `linear`?"),
        ])
    func errors(_ parameters: String, _ text: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(Self.query + "&" + parameters)
        #expect(response.status == 400 && response.json["param"] == "colormode")
        #expect(response.json["error"]?.contains(text) == true, "\(response.text)")
    }

    @Test("a view template takes colormode")
    func template() throws {
        let fixture = try ServiceFixture()
        try Data(#"Text("\(name)").padding(4).background(.white)"#.utf8).write(to: fixture.templates.appendingPathComponent("t.swift"))
        let plain = try fixture.get("/view/t?name=Ana")
        let linear = try fixture.get("/view/t?name=Ana&colormode=linear")
        #expect(plain.status == 200 && linear.status == 200, "\(linear.text)")
        #expect(plain.header("ETag") != linear.header("ETag"))
    }
}
