import Foundation
import HTTPTestSupport
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// The view sugar over HTTP: shaped, blurred and grey images are rendered, served with the right
/// type and size, and cached like every other result.
@Suite("GET /img: view sugar")
struct ViewSugarRouteTests {
    /// RGBA of the decoded body at (x, y), alpha 255 when the image has none.
    static func pixel(_ body: [UInt8], _ x: Int, _ y: Int) throws -> [Int] {
        let image = try VImage.decode(body)
        let pixels = try image.pixels()
        let bands = image.bands
        let start = (y * image.width + x) * bands
        let values = pixels[start..<start + bands].map(Int.init)
        return bands == 4 ? values : bands == 3 ? values + [255] : [values[0], values[0], values[0], bands == 2 ? values[1] : 255]
    }

    @Test("mask=circle makes a 96×96 disc with transparent corners, cached on the second request")
    func circleAvatar() throws {
        let fixture = try ServiceFixture()
        let target = "/img/dot_green.png?w=96&h=96&mode=fill&mask=circle&fmt=png"
        let first = try fixture.get(target)
        #expect(first.status == 200 && first.header("Content-Type") == "image/png" && first.header("X-Cache") == "MISS")
        let image = try VImage.decode(first.body)
        #expect(image.width == 96 && image.height == 96)
        for (x, y) in [(0, 0), (95, 0), (0, 95), (95, 95), (6, 6)] {
            #expect(try Self.pixel(first.body, x, y)[3] == 0, "corner \(x),\(y)")
        }
        #expect(try Self.pixel(first.body, 48, 48)[3] == 255)
        let second = try fixture.get(target)
        #expect(second.status == 200 && second.header("X-Cache") == "HIT" && second.body == first.body)
        // On an opaque photo the disc reaches the middle of each edge and nothing past the corners.
        let photo = try fixture.get("/img/landscape_4.jpg?w=96&h=96&mode=fill&mask=circle&fmt=png").body
        #expect(try Self.pixel(photo, 48, 0)[3] > 0 && Self.pixel(photo, 0, 48)[3] > 0 && Self.pixel(photo, 48, 95)[3] > 0)
        #expect(try Self.pixel(photo, 3, 3)[3] == 0 && Self.pixel(photo, 92, 92)[3] == 0)
    }

    @Test("radius rounds the corners of the framed photo; the corner is transparent, the middle is photo")
    func roundedCorners() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/landscape_4.jpg?w=120&h=80&mode=fill&radius=16&fmt=png")
        #expect(response.status == 200)
        #expect(try Self.pixel(response.body, 0, 0)[3] == 0 && Self.pixel(response.body, 119, 79)[3] == 0)
        #expect(try Self.pixel(response.body, 60, 40)[3] == 255 && Self.pixel(response.body, 60, 0)[3] == 255)
    }

    @Test("grayscale=1 gives equal channels; blur and pad answer and cache")
    func effects() throws {
        let fixture = try ServiceFixture()
        let grey = try fixture.get("/img/landscape_4.jpg?w=120&h=80&mode=fill&grayscale=1&fmt=png")
        #expect(grey.status == 200)
        for (x, y) in [(10, 10), (60, 40), (100, 70)] {
            let p = try Self.pixel(grey.body, x, y)
            #expect(abs(p[0] - p[1]) <= 1 && abs(p[1] - p[2]) <= 1, "\(p) at \(x),\(y)")
        }
        for query in ["w=120&h=80&mode=fill&blur=3&fmt=jpeg", "w=120&h=80&mode=fill&pad=10&bg=white&fmt=jpeg"] {
            let first = try fixture.get("/img/landscape_4.jpg?" + query)
            #expect(first.status == 200 && first.header("X-Cache") == "MISS", "\(query)")
            #expect(try fixture.get("/img/landscape_4.jpg?" + query).header("X-Cache") == "HIT", "\(query)")
        }
        // The white mat: 10 points of padding around the 120×80 photo.
        let padded = try fixture.get("/img/landscape_4.jpg?w=120&h=80&mode=fill&pad=10&bg=white&fmt=png")
        let image = try VImage.decode(padded.body)
        #expect(image.width == 140 && image.height == 100)
        #expect(try Self.pixel(padded.body, 3, 3) == [255, 255, 255, 255])
    }
}
