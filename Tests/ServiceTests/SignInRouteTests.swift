import Foundation
import HTTPTestSupport
import LayoutVectorSupport
import ServiceTestSupport
import Testing
import Vips

/// The SignInView over HTTP: the background-modifier listing as an `/img` chain and as the sample
/// template `Samples/templates/signin.swift`, both 390 × 118 at `pw=390&ph=844`.
@Suite("GET /img and /view: SignInView")
struct SignInRouteTests {
    static func size(_ body: [UInt8]) throws -> (Int, Int) {
        let image = try VImage.decode(body)
        return (image.width, image.height)
    }

    @Test("the listing as a chain answers a 390 × 118 PNG; the sample template draws the same pixels")
    func chainAndTemplate() throws {
        let fixture = try ServiceFixture()
        let template = ServiceFixture.samples.appendingPathComponent("templates/signin.swift")
        try FileManager.default.copyItem(at: template, to: fixture.templates.appendingPathComponent("signin.swift"))
        let chain = try #require(SignInListings.backgroundModifier.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let viaChain = try fixture.get("/img/dot_green.png?chain=\(chain)&pw=390&ph=844&fmt=png")
        #expect(viaChain.status == 200 && viaChain.header("Content-Type") == "image/png", "\(viaChain.text)")
        #expect(try Self.size(viaChain.body) == (390, 118))
        let viaTemplate = try fixture.get("/view/signin?fmt=png")
        #expect(viaTemplate.status == 200, "\(viaTemplate.text)")
        #expect(viaTemplate.body == viaChain.body, "the template's frame(width: 390) lays out as pw=390")
        let named = try fixture.get("/view/signin?name=Ana&fmt=png")
        #expect(named.status == 200 && named.body != viaTemplate.body)
        #expect(try Self.size(named.body) == (390, 118))
    }
}
