import Layout
import Render
import Testing
import TransformSpec

/// AVIF, WebP and GIF encoders cannot be stopped at the deadline, so their input is capped before
/// drawing; `fmt=auto` falls back instead of refusing.
@Suite("render: encoder pixel caps")
struct EncoderCapTests {
    static var small: RenderLimits {
        var limits = RenderLimits()
        limits.maxAVIFPixels = 1000
        limits.maxWebPPixels = 2000
        limits.maxGIFPixels = 3000
        return limits
    }

    @Test(
        "an explicit format beyond its cap is refused, naming the format and the cap",
        arguments: [
            ("avif", "AVIF output is limited to 1000 pixels"), ("webp", "WEBP output is limited to 2000 pixels"),
            ("gif", "GIF output is limited to 3000 pixels"),
        ])
    func refused(_ format: String, _ message: String) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        let error = try folder.failure("q.png", "w=60&h=60&mode=stretch&fmt=\(format)", limits: Self.small)
        guard case .outputTooLarge(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains(message) && reason.contains("60×60"), "\(reason)")
    }

    @Test("at the cap it still encodes")
    func atCap() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        let spec = try TransformSpec.parse(source: "q.png", query: "w=40&h=25&mode=stretch&fmt=avif")
        let image = try folder.renderer(
            limits: {
                var l = Self.small; l.maxAVIFPixels = 1000; return l
            }()
        ).render(spec)
        #expect(image.format == .avif)
    }

    @Test("fmt=auto passes over capped formats to the next accepted one, then to JPEG or PNG")
    func autoFallsBack() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        try folder.png("clear.png", width: 64, height: 64) { x, _ in x < 32 ? .red : .clear }
        let renderer = try folder.renderer(limits: Self.small)
        func format(_ source: String, _ size: Int) throws -> ImageFormat {
            let spec = try TransformSpec.parse(source: source, query: "w=\(size)&h=\(size)&mode=stretch")
            return try renderer.render(spec, autoFormats: [.avif, .webp]).format
        }
        #expect(try format("q.png", 30) == .avif)
        #expect(try format("q.png", 40) == .webp)
        #expect(try format("q.png", 50) == .jpeg)
        #expect(try format("clear.png", 50) == .png)
    }

    @Test("the default caps refuse the 40 MP AVIF that took 31 s at once")
    func defaultAVIF() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        let error = try folder.failure("q.png", "w=6320&h=6320&mode=fill&fmt=avif&q=100")
        guard case .outputTooLarge(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(reason.contains("AVIF output is limited to 4000000 pixels"))
    }
}
