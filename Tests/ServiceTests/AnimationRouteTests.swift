import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// Animated sources over a real server: `fmt=auto` answers an animation, WebP to a client that
/// accepts it and GIF otherwise, and `frame=` picks one frame.
@Suite("GET /img: animated sources")
struct AnimationRouteTests {
    static func fixture() throws -> ServiceFixture {
        let fixture = try ServiceFixture()
        try Data(try AnimationFixture.rgb.gif()).write(to: fixture.root.appendingPathComponent("anim.gif"))
        return fixture
    }

    @Test(
        "an animated GIF stays animated: WebP for a client that accepts it, GIF without",
        arguments: [
            (["Accept: image/avif,image/webp,*/*"], "image/webp"), ([], "image/gif"), (["Accept: image/avif,*/*"], "image/gif"),
        ])
    func negotiated(_ headers: [String], _ contentType: String) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/img/anim.gif?w=30", headers: headers)
        #expect(response.status == 200, "\(response.text)")
        #expect(response.header("Content-Type") == contentType)
        #expect(response.header("Vary") == "Accept")
        let animation = try DecodedAnimation(response.body)
        #expect(animation.frameCount == 3 && animation.width == 30 && animation.frameHeight == 20)
        #expect(animation.delays == AnimationFixture.rgb.delays && animation.loop == 0)
    }

    @Test("frame=N answers that frame still; one past the last is a 400 naming frame and the count")
    func frameParameter() throws {
        let fixture = try Self.fixture()
        let still = try fixture.get("/img/anim.gif?w=30&frame=2&fmt=png")
        #expect(still.status == 200 && still.header("Content-Type") == "image/png")
        let pixels = try VImage.decode(still.body).pixels()
        let centre = (10 * 30 + 15) * 4
        #expect(Array(pixels[centre..<centre + 3]) == [0, 0, 255])
        let refused = try fixture.get("/img/anim.gif?w=30&frame=5")
        #expect(refused.status == 400 && refused.json["param"] == "frame")
        #expect(refused.json["error"]?.contains("3 frames") == true, "\(refused.text)")
    }

    @Test("over limits.frames an animated output is refused as a source too large; a still one is not")
    func frameLimit() throws {
        let fixture = try ServiceFixture { $0.render.maxFrames = 2 }
        try Data(try AnimationFixture.rgb.gif()).write(to: fixture.root.appendingPathComponent("anim.gif"))
        let refused = try fixture.get("/img/anim.gif?w=30&fmt=gif")
        #expect(refused.status == 422 && refused.json["error"]?.contains("3 frames") == true, "\(refused.text)")
        #expect(try fixture.get("/img/anim.gif?w=30&fmt=png").status == 200)
    }

    @Test("/info counts an animation's frames, and a still image's one")
    func info() throws {
        let fixture = try Self.fixture()
        for (name, frames) in [("anim.gif", 3), ("landscape_4.jpg", 1)] {
            let response = try fixture.get("/info/" + name)
            let object = try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any]
            #expect(response.status == 200 && object?["frames"] as? Int == frames, "\(response.text)")
        }
    }

    @Test("an animated image named in a view template drives the animation, the template's text on every frame")
    func template() throws {
        let fixture = try Self.fixture()
        let text = #"VStack(spacing:0){Text("\(name)");Image("anim.gif").resizable().frame(width:20,height:20)}.background(.white)"#
        try Data(text.utf8).write(to: fixture.templates.appendingPathComponent("t.swift"))
        let response = try fixture.get("/view/t?name=Hi&fmt=gif")
        #expect(response.status == 200 && response.header("Content-Type") == "image/gif", "\(response.text)")
        let animation = try DecodedAnimation(response.body)
        #expect(animation.frameCount == 3 && animation.delays == AnimationFixture.rgb.delays)
        let frames = try (0..<animation.frameCount).map { index in try animation.frame(index).pixels() }
        // Every frame differs (its image), and every frame has the same text rows above it.
        let rowBytes = animation.width * animation.image.bands
        let textRows = (animation.frameHeight - 20) * rowBytes
        #expect(Set(frames).count == 3)
        #expect(Set(frames.map { Array($0.prefix(textRows)) }).count == 1)
        #expect(Set(frames[0].prefix(textRows)).count > 1, "the text rows are not blank")
    }
}
