import Layout
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// Animated GIF and WebP sources: every frame through the same layout and drawing, with the
/// source's delays and loop, when the output format animates; one frame otherwise.
@Suite("Animated sources")
struct AnimationTests {
    static let fixture = AnimationFixture.rgb
    static let colours: [RGBA] = [.red, .green, .blue]

    /// A folder holding the fixture as `anim.gif` and `anim.webp`.
    static func folder() throws -> SourceFolder {
        let folder = try SourceFolder()
        try folder.write("anim.gif", bytes: try fixture.gif())
        try folder.write("anim.webp", bytes: try fixture.webp())
        return folder
    }

    static func render(_ query: String, source: String = "anim.gif", autoFormats: [ImageFormat] = [], limits: RenderLimits = RenderLimits())
        throws -> RenderedImage
    {
        let folder = try folder()
        return try folder.renderer(limits: limits).render(TransformSpec.parse(source: source, query: query), autoFormats: autoFormats)
    }

    /// Checks every frame: the count, size, delays, loop and the frame's colour at its centre.
    static func expectAnimated(_ bytes: [UInt8], width: Int, height: Int, tolerance: Int = 12) throws {
        let decoded = try DecodedAnimation(bytes)
        #expect(decoded.frameCount == 3)
        #expect(decoded.width == width && decoded.frameHeight == height)
        #expect(decoded.delays == fixture.delays)
        #expect(decoded.loop == 0)
        for index in 0..<min(decoded.frameCount, 3) {
            let frame = try Bitmap(decoded.frame(index))
            #expect(frame[width / 2, height / 2].isClose(to: colours[index], tolerance: tolerance), "frame \(index): \(frame[width / 2, height / 2])")
        }
    }

    @Test(
        "an animated GIF keeps its frames, delays and loop through fit, fill and a view chain",
        arguments: [
            ("w=30&fmt=gif", 30, 20),
            ("w=20&h=20&mode=fill&fmt=gif", 20, 20),
            (#"fmt=gif&chain=ZStack{Color.white;Image("anim.gif").resizable().frame(width:20,height:20)}.padding(4)"#, 28, 28),
        ])
    func gifThroughLayouts(_ query: String, _ width: Int, _ height: Int) throws {
        let rendered = try Self.render(query)
        #expect(rendered.format == .gif && rendered.pixelSize == PixelSize(width: width, height: height) && rendered.frameCount == 3)
        try Self.expectAnimated(rendered.bytes, width: width, height: height, tolerance: 0)
    }

    @Test("the view's other leaves are drawn on every frame")
    func otherLeavesOnEveryFrame() throws {
        let rendered = try Self.render(
            #"fmt=gif&chain=VStack(spacing:0){Color(red:1,green:1,blue:0).frame(width:20,height:6);Image("anim.gif").resizable().frame(width:20,height:20)}"#
        )
        let decoded = try DecodedAnimation(rendered.bytes)
        #expect(decoded.frameCount == 3 && decoded.width == 20 && decoded.frameHeight == 26)
        for index in 0..<decoded.frameCount {
            let frame = try Bitmap(decoded.frame(index))
            #expect(frame[10, 2].isClose(to: .yellow, tolerance: 0), "frame \(index): \(frame[10, 2])")
            #expect(frame[10, 16].isClose(to: Self.colours[index], tolerance: 0), "frame \(index): \(frame[10, 16])")
        }
    }

    @Test("WebP output, asked for or chosen by fmt=auto for a client that accepts it, is animated")
    func webpOutput() throws {
        for (query, formats) in [("w=30&fmt=webp", [ImageFormat]()), ("w=30", [.avif, .webp])] {
            let rendered = try Self.render(query, autoFormats: formats)
            #expect(rendered.format == .webp, "\(query)")
            try Self.expectAnimated(rendered.bytes, width: 30, height: 20)
        }
    }

    @Test("an animated WebP source stays animated, as GIF for a client without WebP")
    func webpSource() throws {
        let rendered = try Self.render("w=30", source: "anim.webp")
        #expect(rendered.format == .gif)
        try Self.expectAnimated(rendered.bytes, width: 30, height: 20)
    }

    @Test(
        "a still format takes the first frame; frame=N picks one and makes the output still",
        arguments: [
            ("w=30&fmt=png", 0), ("w=30&fmt=jpeg", 0), ("w=30&fmt=png&frame=2", 2), ("w=30&frame=1", 1),
        ])
    func stillFrames(_ query: String, _ index: Int) throws {
        let rendered = try Self.render(query)
        #expect(rendered.format != .gif && rendered.format != .webp && rendered.frameCount == 1)
        let bitmap = try Bitmap(encoded: rendered.bytes)
        #expect(bitmap.width == 30 && bitmap.height == 20)
        #expect(bitmap[15, 10].isClose(to: Self.colours[index]), "\(bitmap[15, 10])")
    }

    @Test("frame=N with an animating format writes one still frame")
    func frameInAnimatingFormat() throws {
        let rendered = try Self.render("w=30&fmt=gif&frame=2")
        let decoded = try DecodedAnimation(rendered.bytes)
        #expect(decoded.frameCount == 1)
        #expect(try Bitmap(decoded.frame(0))[15, 10].isClose(to: .blue, tolerance: 0))
    }

    @Test("a frame past the last is refused with the frame count")
    func frameOutOfRange() throws {
        let folder = try Self.folder()
        let error = try folder.failure("anim.gif", "w=30&frame=5")
        guard case .frameOutOfRange("anim.gif", 5, 3) = error else {
            Issue.record("expected frameOutOfRange, got \(String(describing: error))")
            return
        }
        #expect(error?.description.contains("has 3 frames") == true)
    }

    @Test("an animation over the frame limit or the pixel limit is refused before decoding; a still output is not")
    func limits() throws {
        let folder = try Self.folder()
        var frames = RenderLimits()
        frames.maxFrames = 2
        var pixels = RenderLimits()
        pixels.maxAnimationPixels = 60 * 40 * 3 - 1
        for limits in [frames, pixels] {
            let renderer = try folder.renderer(limits: limits)
            // `prepare` reads headers and lays out only: the refusal comes before any pixel is decoded.
            #expect {
                _ = try renderer.prepare(TransformSpec.parse(source: "anim.gif", query: "w=30&fmt=gif"))
            } throws: { error in
                guard case .sourceTooLarge("anim.gif", let reason) = error as? RenderError else { return false }
                return reason.contains("frames")
            }
            #expect(try renderer.render(TransformSpec.parse(source: "anim.gif", query: "w=30&fmt=png")).format == .png)
        }
    }

    @Test("the memory and time estimates cover every frame")
    func estimatesCoverEveryFrame() throws {
        let folder = try Self.folder()
        let renderer = try folder.renderer(limits: RenderLimits())
        let animated = try renderer.prepare(TransformSpec.parse(source: "anim.gif", query: "w=30&fmt=gif"))
        let still = try renderer.prepare(TransformSpec.parse(source: "anim.gif", query: "w=30&fmt=gif&frame=0"))
        // Three frames cost three times one, but for the render's fixed 2 ms (`RenderCost.perRender`).
        let (all, one) = (animated.cost.milliseconds - 2, still.cost.milliseconds - 2)
        #expect(one > 0 && abs(all - 3 * one) < 0.001 * all, "\(all) ms against \(one) ms")
    }
}
