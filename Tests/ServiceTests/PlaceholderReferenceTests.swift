import Foundation
import HTTPTestSupport
import Service
import Testing
import Vips
import VipsTestSupport

/// Our BlurHash and ThumbHash, decoded by the reference decoders (PyPI `blurhash` and `thumbhash`
/// in the project's venv, run by `Tests/Placeholders/decode_placeholders.py`), look like the render
/// they stand for: the mean absolute error per channel against the render scaled to the decode's
/// size is small, and smaller than a flat fill of the render's own mean colour (what a placeholder
/// without structure would give), so the hashes carry the picture's layout and not only its colour.
@Suite("Reference decoders read our placeholders back")
struct PlaceholderReferenceTests {
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build-venv/bin/python").standardizedFileURL
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Placeholders/decode_placeholders.py")
        .standardizedFileURL
    /// The renders: the bundled photos and line drawing, cropped to 4:3 and 1:1.
    static let renders = [
        "landscape_4.jpg?w=160&h=120&mode=fill", "landscape_6.jpg?w=120&h=160&mode=fill", "avatar.jpg?w=96&h=96&mode=fill",
        "fine-lines.png?w=160&h=120&mode=fill",
    ]
    /// The largest mean absolute error allowed per channel, in 8-bit levels. BlurHash 4×3 and
    /// ThumbHash keep only the lowest frequencies, so edges and texture are lost: on these
    /// images the decodes are 6–18 levels off on average (the flat fill 14–40).
    static let maxError = 28.0

    /// Runs the decoder script on `hashes`; its answer per hash.
    static func decode(_ hashes: [[String: String]]) throws -> [[String: [String: Any]]] {
        let process = Process()
        process.executableURL = python
        process.arguments = [script.path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: hashes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: [String: Any]]])
    }

    /// The render scaled to `width × height` (each axis on its own, as the decoders stretch), RGB.
    static func scaled(_ render: VImage, width: Int, height: Int) throws -> [Int] {
        let image = try render.resized(horizontal: Double(width) / Double(render.width), vertical: Double(height) / Double(render.height), kernel: .linear)
        let bands = image.bands
        let samples = try image.pixels()
        #expect(image.width == width && image.height == height)
        return (0..<(width * height)).flatMap { pixel in (0..<3).map { Int(samples[pixel * bands + min($0, bands - 1)]) } }
    }

    /// The mean absolute error per channel between two RGB buffers.
    static func meanError(_ a: [Int], _ b: [Int]) -> [Double] {
        (0..<3).map { channel in
            let pairs = stride(from: channel, to: a.count, by: 3).map { abs(a[$0] - b[$0]) }
            return Double(pairs.reduce(0, +)) / Double(pairs.count)
        }
    }

    /// A flat fill of `rgb`'s own mean colour, compared with `rgb`.
    static func flatError(_ rgb: [Int]) -> [Double] {
        let count = rgb.count / 3
        let mean = (0..<3).map { channel in stride(from: channel, to: rgb.count, by: 3).reduce(0) { $0 + rgb[$1] } / count }
        return meanError(rgb, (0..<count).flatMap { _ in mean })
    }

    @Test("BlurHash 4×3 and ThumbHash of four renders decode close to the render")
    func decodesLikeTheRender() throws {
        let fixture = try ServiceFixture()
        for name in ["landscape_6.jpg", "avatar.jpg", "fine-lines.png"] {
            try FileManager.default.copyItem(at: ServiceFixture.samples.appendingPathComponent(name), to: fixture.root.appendingPathComponent(name))
        }
        var hashes: [[String: String]] = []
        var images: [VImage] = []
        for target in Self.renders {
            let info = try fixture.get("/info/" + target + "&blurhash=4x3&thumbhash=1")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(info.body)) as? [String: Any], "\(info.text)")
            hashes.append(["blurhash": try #require(json["blurhash"] as? String), "thumbhash": try #require(json["thumbhash"] as? String)])
            let png = try fixture.get("/img/" + target + "&fmt=png")
            #expect(png.status == 200)
            images.append(try VImage.decode(png.body))
        }
        let decoded = try Self.decode(hashes)
        for (index, render) in images.enumerated() {
            let blur = try #require(decoded[index]["blurhash"])
            let blurRGB = try #require(blur["rgb"] as? [Int])
            let expected = try Self.scaled(render, width: 32, height: 32)
            let blurError = Self.meanError(blurRGB, expected)
            let flat = Self.flatError(expected)
            let thumb = try #require(decoded[index]["thumbhash"])
            let (width, height) = (try #require(thumb["width"] as? Int), try #require(thumb["height"] as? Int))
            let rgba = try #require(thumb["rgba"] as? [Int])
            let thumbRGB = (0..<(width * height)).flatMap { pixel in rgba[(pixel * 4)..<(pixel * 4 + 3)] }
            let thumbExpected = try Self.scaled(render, width: width, height: height)
            let thumbError = Self.meanError(thumbRGB, thumbExpected)
            let thumbFlat = Self.flatError(thumbExpected)
            let report = "\(Self.renders[index]): blurhash \(blurError) thumbhash \(thumbError) flat \(flat)"
            print(report)
            #expect(blurError.allSatisfy { $0 <= Self.maxError }, "\(report)")
            #expect(thumbError.allSatisfy { $0 <= Self.maxError }, "\(report)")
            #expect(blurError.reduce(0, +) < flat.reduce(0, +), "\(report)")
            #expect(thumbError.reduce(0, +) < thumbFlat.reduce(0, +), "\(report)")
        }
    }
}
