import Foundation
import Service
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

@Suite("/info and dl=")
struct InfoRouteTests {

    static func object(_ body: [UInt8]) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(body)) as? [String: Any])
    }

    @Test("the JPEG and PNG samples: sizes, points, orientation, format, alpha, profile")
    func samples() throws {
        let fixture = try ServiceFixture()
        try FileManager.default.copyItem(
            at: ServiceFixture.samples.appendingPathComponent("landscape_6.jpg"), to: fixture.root.appendingPathComponent("sub/photo@2x.jpg"))
        let dot = try VImage.decode(Array(try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("avatar.jpg"))))
        try Data(try dot.converted(toProfile: "p3").jpegKeepingMetadata(quality: 80)).write(to: fixture.root.appendingPathComponent("p3.jpg"))

        let jpeg = try fixture.get("/info/landscape_4.jpg")
        #expect(jpeg.status == 200 && jpeg.header("Content-Type") == "application/json" && jpeg.header("ETag") != nil)
        let j = try Self.object(jpeg.body)
        #expect(j["width"] as? Int == 4032 && j["height"] as? Int == 3024 && j["scale"] as? Double == 1)
        #expect((j["points"] as? [String: Any])?["width"] as? Double == 4032)
        #expect(j["orientation"] as? String == "up" && j["format"] as? String == "jpeg" && j["hasAlpha"] as? Bool == false)
        #expect(j["profile"] is NSNull)

        let png = try Self.object(try fixture.get("/info/dot_green.png").body)
        #expect(png["width"] as? Int == 34 && png["height"] as? Int == 34 && png["format"] as? String == "png" && png["hasAlpha"] as? Bool == true)

        // EXIF 6 turns 3024×4032 stored pixels upright; @2x halves the points.
        let rotated = try Self.object(try fixture.get("/info/sub/photo@2x.jpg").body)
        #expect(rotated["width"] as? Int == 4032 && rotated["height"] as? Int == 3024 && rotated["orientation"] as? String == "right")
        #expect(rotated["scale"] as? Double == 2)
        #expect(
            (rotated["points"] as? [String: Any])?["width"] as? Double == 2016 && (rotated["points"] as? [String: Any])?["height"] as? Double == 1512)

        let p3 = try Self.object(try fixture.get("/info/p3.jpg").body)
        #expect((p3["profile"] as? String)?.contains("P3") == true, "\(p3)")
    }

    @Test("errors and confinement as /img; signing applies")
    func errors() throws {
        let fixture = try ServiceFixture()
        #expect(try fixture.get("/info/missing.png").status == 404)
        #expect(try fixture.get("/info/text.jpg").status == 415)
        #expect(try fixture.get("/info/escape.png").status == 404)
        #expect(try fixture.get("/info/../outside/secret.png").status == 400)
        let layout = try fixture.get("/info/dot_green.png?w=10")
        #expect(
            layout.status == 400 && layout.json["param"] == "w" && layout.json["error"]?.contains("ask for a placeholder") == true, "\(layout.text)")
        #expect(layout.json["error"]?.contains("known parameters: w") == false, "the message does not call `w` unknown")
        let unknown = try fixture.get("/info/dot_green.png?colour=red")
        #expect(
            unknown.status == 400
                && unknown.json["error"] == "unknown parameter `colour` for /info/; it takes sig, exp and v; with a placeholder parameter "
                    + "(blurhash, thumbhash, averagecolor, dominantcolor, palette, lqip, lqipbytes) also those of /img/",
            "\(unknown.text)")
        let etag = try fixture.get("/info/dot_green.png").header("ETag") ?? ""
        #expect(try fixture.get("/info/dot_green.png", headers: ["If-None-Match: \(etag)"]).status == 304)
        let signed = try ServiceFixture { $0.signingKeys = ["secret"] }
        #expect(try signed.get("/info/dot_green.png").status == 403)
        let url = URLSigner(keys: ["secret"]).sign("/info/dot_green.png")
        #expect(try signed.get(url).status == 200)
    }

    @Test("dl= adds Content-Disposition and changes neither bytes nor ETag")
    func download() throws {
        let fixture = try ServiceFixture()
        let plain = try fixture.get("/img/landscape_4.jpg?w=40&fmt=png")
        #expect(plain.header("Content-Disposition") == nil)
        let cases: [(String, String)] = [
            ("dl=1", "attachment; filename=\"landscape_4.png\""),
            ("dl=photo.png", "attachment; filename=\"photo.png\""),
            ("dl=a%2F..%2Fx", "attachment; filename=\"x.png\""),
            ("dl=gr%C3%BCn", "attachment; filename=\"gr_n.png\"; filename*=UTF-8''gr%C3%BCn.png"),
        ]
        for (parameter, expected) in cases {
            let response = try fixture.get("/img/landscape_4.jpg?w=40&fmt=png&" + parameter)
            #expect(response.status == 200 && response.header("Content-Disposition") == expected, "\(parameter)")
            #expect(response.header("ETag") == plain.header("ETag") && response.body == plain.body && response.header("X-Cache") == "HIT")
        }
        #expect(try fixture.get("/img/landscape_4.jpg?w=40&fmt=png&dl=0").header("Content-Disposition") == nil)
        #expect(try fixture.get("/img/missing.jpg?dl=1").header("Content-Disposition") == nil)
    }

    @Test(
        "dl= names drop bidi and other invisible characters and take the extension of the format sent",
        arguments: [
            ("dl=%E2%80%AEgpj.exe", "attachment; filename=\"gpj.png\""),
            ("dl=x.html", "attachment; filename=\"x.png\""),
            ("dl=report.final.jpg", "attachment; filename=\"report.final.png\""),
            ("dl=a%E2%80%8Fb%E2%81%A6c%D8%9Cd%E2%80%8Be%0Af.svg", "attachment; filename=\"abcdef.png\""),
            ("dl=.html", "attachment; filename=\"image.png\""),
            ("dl=%E2%80%AE", "attachment; filename=\"image.png\""),
        ])
    func downloadName(parameter: String, expected: String) throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/landscape_4.jpg?w=40&fmt=png&" + parameter)
        #expect(response.status == 200 && response.header("Content-Disposition") == expected, "\(response.header("Content-Disposition") ?? "none")")
    }
}
