import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// `/info` with placeholder parameters on a real server: the JSON's keys and colours, the render's
/// crop, caching with the same ETag for any order of the parameters, and the 400s.
@Suite("/info placeholders")
struct PlaceholderRouteTests {
    static let all = "blurhash=4x3&thumbhash=1&averagecolor=1&dominantcolor=1&palette=5&lqip=webp"

    /// A 300 × 200 PNG: the top 150 rows red, the bottom 50 blue.
    static func twoColours(in fixture: ServiceFixture) throws {
        var samples: [UInt8] = []
        for y in 0..<200 {
            for _ in 0..<300 { samples += y < 150 ? [255, 0, 0] : [0, 0, 255] }
        }
        let png = try VImage.fromPixels(samples, width: 300, height: 200, bands: 3).png()
        try Data(png).write(to: fixture.root.appendingPathComponent("two.png"))
    }

    static func object(_ response: RawClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any], "\(response.text)")
    }

    /// The colour `#rrggbb` as numbers.
    static func rgb(_ text: Any?) throws -> [Int] {
        let text = try #require(text as? String)
        #expect(text.count == 7 && text.hasPrefix("#"))
        return stride(from: 1, to: 7, by: 2).map { Int(text.dropFirst($0).prefix(2), radix: 16) ?? -1 }
    }

    static func near(_ a: [Int], _ b: [Int], within tolerance: Int) -> Bool {
        zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("every placeholder of a two-colour render: keys, size, colours, hashes, a WebP within the budget")
    func everyPlaceholder() throws {
        let fixture = try ServiceFixture()
        try Self.twoColours(in: fixture)
        let response = try fixture.get("/info/two.png?w=120&h=80&mode=fill&" + Self.all)
        #expect(response.status == 200 && response.header("Content-Type") == "application/json", "\(response.text)")
        let json = try Self.object(response)
        #expect(Set(json.keys) == ["width", "height", "blurhash", "thumbhash", "averageColor", "dominantColor", "palette", "lqip"])
        #expect(json["width"] as? Int == 120 && json["height"] as? Int == 80)
        #expect((json["blurhash"] as? String)?.count == 28)
        let thumbText = try #require(json["thumbhash"] as? String)
        let thumbHash = try #require(Data(base64Encoded: thumbText))
        #expect((5...25).contains(thumbHash.count))
        #expect(try Self.rgb(json["dominantColor"]) == [255, 0, 0])
        let palette = try #require(json["palette"] as? [String])
        #expect((2...5).contains(palette.count), "\(palette)")
        #expect(Self.near(try Self.rgb(palette[0]), [255, 0, 0], within: 4), "\(palette)")
        #expect(try palette.dropFirst().contains { Self.near(try Self.rgb($0), [0, 0, 255], within: 4) }, "\(palette)")
        // A quarter blue in linear light: #e10089 (an sRGB mean would be #bf0040).
        #expect(Self.near(try Self.rgb(json["averageColor"]), [225, 0, 137], within: 3), "\(json)")
        let lqip = try #require(json["lqip"] as? String)
        #expect(lqip.hasPrefix("data:image/webp;base64,"))
        let webp = try #require(Data(base64Encoded: String(lqip.dropFirst("data:image/webp;base64,".count))))
        #expect(webp.count <= 1024 && webp.prefix(4) == Data("RIFF".utf8) && webp.dropFirst(8).prefix(4) == Data("WEBP".utf8))
        let tiny = try VImage.decode(Array(webp))
        #expect(max(tiny.width, tiny.height) <= 32 && tiny.width > tiny.height)
    }

    @Test("placeholders describe the crop: a 5:1 fill of the red top is red alone")
    func crop() throws {
        let fixture = try ServiceFixture()
        try Self.twoColours(in: fixture)
        let json = try Self.object(try fixture.get("/info/two.png?w=100&h=20&mode=fill&averagecolor=1&palette=3&dominantcolor=1"))
        #expect(json["width"] as? Int == 100 && json["height"] as? Int == 20)
        #expect(json["averageColor"] as? String == "#ff0000" && json["dominantColor"] as? String == "#ff0000")
        #expect(json["palette"] as? [String] == ["#ff0000"])
        // Without layout parameters: the source at its own size, both colours.
        let whole = try Self.object(try fixture.get("/info/two.png?palette=2"))
        #expect(whole["width"] as? Int == 300 && whole["height"] as? Int == 200)
        // Reduced to 100 × 67 for the colours, the rows at the edge mix, and each cluster takes some of them.
        let both = try #require(whole["palette"] as? [String])
        let (first, second) = (try Self.rgb(both.first), try Self.rgb(both.last))
        #expect(both.count == 2 && Self.near(first, [255, 0, 0], within: 8) && Self.near(second, [0, 0, 255], within: 8), "\(both)")
    }

    @Test("a 16-bit render (colormode=extendedLinear) gives the colours of the 8-bit one")
    func sixteenBit() throws {
        let fixture = try ServiceFixture()
        try Self.twoColours(in: fixture)
        let json = try Self.object(try fixture.get("/info/two.png?w=100&h=20&mode=fill&colormode=extendedLinear&averagecolor=1&palette=2"))
        #expect(json["averageColor"] as? String == "#ff0000" && json["palette"] as? [String] == ["#ff0000"], "\(json)")
    }

    @Test("cached like an image: a hit the second time, the same ETag in any parameter order, 304 for it")
    func caching() throws {
        let fixture = try ServiceFixture()
        let target = "/info/landscape_4.jpg?w=64&h=48&mode=fill&blurhash=1&thumbhash=1&palette=4"
        let miss = try fixture.get(target)
        #expect(miss.status == 200 && miss.header("X-Cache") == "MISS", "\(miss.text)")
        let hit = try fixture.get(target)
        #expect(hit.header("X-Cache") == "HIT" && hit.header("Content-Type") == "application/json" && hit.body == miss.body)
        let etag = try #require(miss.header("ETag"))
        let reordered = try fixture.get("/info/landscape_4.jpg?palette=4&blurhash=4x3&mode=fill&thumbhash=1&h=48&w=64")
        #expect(reordered.header("X-Cache") == "HIT" && reordered.header("ETag") == etag && reordered.body == miss.body)
        #expect(try fixture.get(target, headers: ["If-None-Match: \(etag)"]).status == 304)
        // Another set, another answer; the plain /info is unchanged and not the same entry.
        let other = try fixture.get("/info/landscape_4.jpg?w=64&h=48&mode=fill&blurhash=3x3")
        #expect(other.header("X-Cache") == "MISS" && other.header("ETag") != etag)
        let plain = try Self.object(try fixture.get("/info/landscape_4.jpg"))
        #expect(plain["format"] as? String == "jpeg" && plain["blurhash"] == nil)
    }

    @Test("an AVIF placeholder, and a smaller budget")
    func avifAndBudget() throws {
        let fixture = try ServiceFixture()
        let json = try Self.object(try fixture.get("/info/landscape_4.jpg?w=400&lqip=avif"))
        let avif = try #require((json["lqip"] as? String)?.split(separator: ",").last.flatMap { Data(base64Encoded: String($0)) })
        #expect((json["lqip"] as? String)?.hasPrefix("data:image/avif;base64,") == true && avif.count <= 1024)
        #expect(avif.dropFirst(4).prefix(8) == Data("ftypavif".utf8))
        let small = try Self.object(try fixture.get("/info/landscape_4.jpg?w=400&lqip=1&lqipbytes=300"))
        let webp = try #require((small["lqip"] as? String)?.split(separator: ",").last.flatMap { Data(base64Encoded: String($0)) })
        #expect(webp.count <= 300 && (small["lqip"] as? String)?.hasPrefix("data:image/webp;base64,") == true)
    }

    @Test(
        "bad values are 400s naming the parameter and saying what it takes",
        arguments: [
            ("blurhash=10x3", "blurhash", "1…9"), ("blurhash=4", "blurhash", "`XxY`"), ("palette=0", "palette", "1 to 16"),
            ("palette=17", "palette", "1 to 16"), ("thumbhash=0", "thumbhash", "leave the parameter out"), ("lqip=png", "lqip", "`webp`, `avif`"),
            ("lqip=webp&lqipbytes=10", "lqipbytes", "100 to 65536"), ("lqipbytes=500&averagecolor=1", "lqipbytes", "add `lqip=webp`"),
            ("blurhash=1&blurhash=2x2", "blurhash", "more than once"), ("blurhash=1&fmt=png", "fmt", "placeholders are not an encoded image"),
            ("blurhash=1&colour=red", "colour", "unknown parameter"), ("blurhash=1&w=abc", "w", "w"),
            ("w=10", "w", "blurhash=1, thumbhash=1"),
        ])
    func refused(query: String, param: String, message: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/info/landscape_4.jpg?" + query)
        #expect(response.status == 400 && response.json["param"] == param, "\(response.text)")
        #expect(response.json["error"]?.contains(message) == true, "\(response.text)")
    }
}
