import Foundation
import HTTPTestSupport
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// `Image(systemName:)` over HTTP: a known symbol renders, an unknown one is a 400 that names it
/// and suggests close names.
@Suite("GET /img: symbols")
struct SymbolRouteTests {
    static func target(_ chain: String) -> String {
        "/img/dot_green.png?chain=" + chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&fmt=png"
    }

    @Test("a resizable trophy renders at its frame's size")
    func renders() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(Self.target("Image(systemName: \"trophy.fill\").resizable().frame(width: 64, height: 48)"))
        #expect(response.status == 200 && response.header("Content-Type") == "image/png", "\(response.text)")
        let image = try VImage.decode(response.body)
        #expect(image.width == 64 && image.height == 48)
    }

    @Test("an unknown name is a 400 naming it, with close names, on `chain`")
    func unknown() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get(Self.target("Image(systemName: \"trophey.fill\")"))
        #expect(response.status == 400, "\(response.text)")
        #expect(response.header("Content-Type") == "application/json" && response.header("Cache-Control") == "no-store")
        let message = response.json["error"] ?? ""
        #expect(message.contains("`trophey.fill`") && message.contains("did you mean `trophy.fill`"), "\(message)")
        #expect(response.json["param"] == "chain")
        #expect(!message.contains("/usr/share"), "icon paths must not leak")
    }
}
