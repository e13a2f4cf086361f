import Foundation
@testable import Service
import ServiceTestSupport
import Testing

/// `fmt=auto` chooses among what can be made: the formats the client accepts, in its order, the
/// first that passes every admission check (the encoder's cap, the memory budget, the time
/// estimate), then JPEG/PNG. Browsers' real `Accept` headers, at output sizes up to the source's
/// full size (4032×3024): every answer is a 200 in a format the client named or JPEG.
@Suite("fmt=auto falls back across what can be made")
struct FormatFallbackTests {
    /// What each browser sends for an `<img>` (Safari 18, Chrome 131, Firefox 133).
    static let browsers: [(name: String, accept: String)] = [
        ("Safari", "image/webp,image/avif,image/jxl,image/heic,image/heic-sequence,video/*;q=0.8,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5"),
        ("Chrome", "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"),
        ("Firefox", "image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.5"),
    ]

    @Test("every browser gets a 200 at every size up to the source's own", arguments: [nil, 1600, 2400, 3000] as [Int?])
    func everySize(_ width: Int?) throws {
        let fixture = try ServiceFixture()
        let target = "/img/landscape_4.jpg" + (width.map { "?w=\($0)" } ?? "")
        for browser in Self.browsers {
            let response = try fixture.get(target, headers: ["Accept: \(browser.accept)"])
            let type = response.header("Content-Type") ?? ""
            #expect(response.status == 200, "\(browser.name) \(target): \(response.status) \(response.text.prefix(300))")
            let named = FormatNegotiation.acceptedTypes(browser.accept)
            #expect(named.contains(type) || type == "image/jpeg", "\(browser.name) \(target): \(type)")
        }
    }

    @Test("Safari's JPEG XL up to its cap, then the next format it accepts that fits, then JPEG")
    func safariOrder() throws {
        let fixture = try ServiceFixture()
        let accept = "Accept: \(Self.browsers[0].accept)"
        // 1600×1200 (1.9 MP): within JPEG XL's 3 MP.
        #expect(try fixture.get("/img/landscape_4.jpg?w=1600", headers: [accept]).header("Content-Type") == "image/jxl")
        // 2400×1800 (4.3 MP): over JPEG XL's and AVIF's (4 MP) caps, within WebP's (6 MP).
        #expect(try fixture.get("/img/landscape_4.jpg?w=2400", headers: [accept]).header("Content-Type") == "image/webp")
        // 3000×2250 (6.75 MP): over JPEG XL's, AVIF's and WebP's caps.
        #expect(try fixture.get("/img/landscape_4.jpg?w=3000", headers: [accept]).header("Content-Type") == "image/jpeg")
    }

    @Test("a format the budget refuses gives way to the next: a smaller budget moves Chrome from AVIF to JPEG")
    func budgetFallback() throws {
        let fixture = try ServiceFixture { $0.render.maxRenderBytes = 24 * 1024 * 1024 }
        let response = try fixture.get("/img/landscape_4.jpg?w=1200", headers: ["Accept: \(Self.browsers[1].accept)"])
        #expect(response.status == 200 && response.header("Content-Type") == "image/jpeg", "\(response.status) \(response.headers)")
    }
}
