import Foundation
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// `sharpen=` over a real server: the image as resampled is sharpened before it is composited, so
/// pixels at an edge change and those of flat areas do not.
@Suite("GET /img: sharpen")
struct SharpenRouteTests {
    /// A fixture whose root holds `edge.png`: 200×100, dark grey on the left half, light on the right.
    private func fixture() throws -> ServiceFixture {
        let fixture = try ServiceFixture()
        let pixels = (0..<(200 * 100)).flatMap { i in i % 200 < 100 ? [UInt8](repeating: 60, count: 3) : [UInt8](repeating: 190, count: 3) }
        try Data(VImage.fromPixels(pixels, width: 200, height: 100, bands: 3).png()).write(to: fixture.root.appendingPathComponent("edge.png"))
        return fixture
    }

    /// Row 25 of a 100×50 PNG answer, first band.
    private func row(_ fixture: ServiceFixture, _ query: String) throws -> [Int] {
        let response = try fixture.get("/img/edge.png?w=100&fmt=png" + query)
        #expect(response.status == 200, "\(response.text)")
        let image = try VImage.decode(response.body)
        #expect(image.width == 100 && image.height == 50)
        let pixels = try image.pixels()
        return (0..<100).map { x in Int(pixels[(25 * 100 + x) * image.bands]) }
    }

    @Test("edge pixels move apart (overshoot), flat areas keep their values")
    func edgesOnly() throws {
        let fixture = try fixture()
        let plain = try row(fixture, "")
        let sharp = try row(fixture, "&sharpen=1.5")
        // Far from the edge (x = 50) both are flat and equal.
        for x in [5, 20, 80, 95] { #expect(abs(sharp[x] - plain[x]) <= 1, "x=\(x): \(plain[x]) → \(sharp[x])") }
        // Beside the edge the dark side gets darker and the light side lighter.
        let darker = (44..<50).map { plain[$0] - sharp[$0] }.max() ?? 0
        let lighter = (50..<56).map { sharp[$0] - plain[$0] }.max() ?? 0
        #expect(darker >= 5 && lighter >= 5, "plain \(plain[44..<56]) sharp \(sharp[44..<56])")
    }

    @Test("sharpen is the chain's .sharpened, in the canonical form and the ETag")
    func canonical() throws {
        let fixture = try fixture()
        let sugar = try fixture.get("/img/edge.png?w=100&fmt=png&sharpen=1.5")
        let chain = try fixture.get(
            "/img/edge.png?fmt=png&chain=resizable().interpolation(.high).scaledToFit().frame(width:100).sharpened(1.5)")
        #expect(sugar.status == 200 && chain.status == 200, "\(chain.text)")
        #expect(sugar.header("ETag") == chain.header("ETag") && sugar.body == chain.body)
        #expect(try fixture.get("/img/edge.png?w=100&fmt=png").header("ETag") != sugar.header("ETag"))
    }

    @Test("sigma outside 0.1–10 is a 400 naming it", arguments: ["sharpen=0", "sharpen=11", "sharpen=nan", "chain=resizable().sharpened(20)"])
    func bounds(_ query: String) throws {
        let fixture = try fixture()
        let response = try fixture.get("/img/edge.png?" + query)
        #expect(response.status == 400, "\(response.text)")
        #expect(response.json["param"] == (query.hasPrefix("chain") ? "chain" : "sharpen"))
    }
}
