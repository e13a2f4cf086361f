import Sources
import Foundation
import Layout
import Render
import Testing
import TransformSpec
import Vips
import VipsTestSupport

@Suite("render: encoders")
struct EncoderTests {
    static let signatures: [(String, [UInt8])] = [
        ("jpeg", [0xFF, 0xD8, 0xFF]), ("png", [0x89, 0x50, 0x4E, 0x47]), ("webp", Array("RIFF".utf8)),
        ("gif", Array("GIF8".utf8)), ("avif", Array("ftypavif".utf8)),
    ]

    @Test("every format encodes, with its signature and the right size", arguments: signatures)
    func format(_ name: String, _ signature: [UInt8]) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        let (image, bitmap) = try folder.render("q.png", "w=32&h=24&mode=fill&clip=1&fmt=\(name)&q=90")
        #expect(image.format.rawValue == name)
        let head = name == "avif" ? Array(image.bytes[4..<12]) : Array(image.bytes.prefix(signature.count))
        #expect(head == signature)
        #expect(bitmap.width == 32 && bitmap.height == 24)
        #expect(bitmap[2, 2].isClose(to: .red, tolerance: 40))
    }

    @Test("metadata is stripped: no EXIF, no ICC profile in the output")
    func stripped() throws {
        let folder = try SourceFolder()
        let tagged = try SourceFolder.image(width: 40, height: 30, quadrant(40, 30)).taggedWithOrientation(6)
        try folder.write("o.jpg", bytes: try tagged.jpegKeepingMetadata(quality: 90))
        let input = try Data(contentsOf: folder.url.appendingPathComponent("o.jpg"))
        #expect(input.range(of: Data("Exif".utf8)) != nil)
        for format in ["jpeg", "png", "webp"] {
            let (image, _) = try folder.render("o.jpg", "w=20&fmt=\(format)")
            let bytes = Data(image.bytes)
            #expect(bytes.range(of: Data("Exif".utf8)) == nil, "\(format) keeps EXIF")
            #expect(bytes.range(of: Data("ICC_PROFILE".utf8)) == nil && bytes.range(of: Data("iCCP".utf8)) == nil)
        }
    }

    @Test("progressive JPEG is an option")
    func progressive() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        let spec = try TransformSpec.parse(source: "q.png", query: "w=32&h=32&fmt=jpeg")
        let baseline = try LocalRenderer(sources: SourceDirectory(root: folder.url.path)).render(spec).bytes
        let progressive = try LocalRenderer(sources: SourceDirectory(root: folder.url.path), options: RenderOptions(progressiveJPEG: true)).render(
            spec
        ).bytes
        // SOF2 (0xFFC2) marks a progressive frame, SOF0 (0xFFC0) a baseline one.
        #expect(Data(progressive).range(of: Data([0xFF, 0xC2])) != nil)
        #expect(Data(baseline).range(of: Data([0xFF, 0xC2])) == nil)
    }
}
