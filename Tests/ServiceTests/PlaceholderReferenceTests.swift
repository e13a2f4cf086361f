import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// Our BlurHash and ThumbHash, decoded by the reference decoders (PyPI `blurhash` and `thumbhash`
/// in the project's venv, run by `Tests/Placeholders/decode_placeholders.py`), look like the render
/// they stand for as much as the reference encoders' own hashes of the same render do: the mean
/// absolute error per channel against the render, scaled to the decode's size, is at most a few
/// levels above the reference hash's, and below an absolute bound.
@Suite("Reference decoders read our placeholders back")
struct PlaceholderReferenceTests {
    /// Not `standardizedFileURL`, which resolves the symlink: Python finds its venv by the path it was started by.
    static let python = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build-venv/bin/python")
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Placeholders/decode_placeholders.py")
        .standardizedFileURL
    /// The renders: the bundled photos and line drawing, cropped to 4:3 and 1:1.
    static let renders = [
        "landscape_4.jpg?w=160&h=120&mode=fill", "landscape_6.jpg?w=120&h=160&mode=fill", "avatar.jpg?w=96&h=96&mode=fill",
        "fine-lines.png?w=160&h=120&mode=fill",
    ]
    /// The largest mean absolute error allowed per channel, in 8-bit levels. BlurHash 4×3 and
    /// ThumbHash keep only the lowest frequencies, so a detailed photo's texture is lost: the
    /// reference encoders' own hashes of these photos decode 22–38 levels off (a flat fill of the
    /// mean colour: 30–46), the line drawing 2–15.
    static let maxError = 45.0
    /// How far ours may be behind the reference's hash of the same pixels: the two encoders read the
    /// render reduced by different resamplers (ours by libvips on the service's side, the
    /// reference's from the test's reduction), which moves the low frequencies by a level or two.
    static let slack = 3.0

    /// Runs the decoder script on `hashes`; its answer per hash.
    static func decode(_ hashes: [[String: Any]]) throws -> [[String: [String: [String: Any]]]] {
        let process = Process()
        // Through env, so the path Python is started by is the venv's (Process may resolve the symlink).
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [python.path, script.path]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // A decoder that fails to start closes its input: a thrown error then, not a crash of the tests.
        try input.fileHandleForWriting.write(contentsOf: try JSONSerialization.data(withJSONObject: hashes))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(hashes) \(message)")
        return try #require(try JSONSerialization.jsonObject(with: data) as? [[String: [String: [String: Any]]]])
    }

    /// The render scaled to `width × height` (each axis on its own, as the decoders stretch), RGB.
    static func scaled(_ render: VImage, width: Int, height: Int) throws -> [Int] {
        let image = try render.resized(
            horizontal: Double(width) / Double(render.width), vertical: Double(height) / Double(render.height), kernel: .linear)
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
        var hashes: [[String: Any]] = []
        var images: [VImage] = []
        for target in Self.renders {
            let info = try fixture.get("/info/" + target + "&blurhash=4x3&thumbhash=1")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(info.body)) as? [String: Any], "\(info.text)")
            let png = try fixture.get("/img/" + target + "&fmt=png")
            #expect(png.status == 200)
            let render = try VImage.decode(png.body)
            images.append(render)
            // The render reduced to at most 100 px, as the reference ThumbHash encoder takes it.
            let scale = 100 / Double(max(render.width, render.height))
            let (width, height) = (Int((Double(render.width) * scale).rounded()), Int((Double(render.height) * scale).rounded()))
            let rgb = try Self.scaled(render, width: width, height: height)
            let rgba = (0..<(width * height)).flatMap { rgb[($0 * 3)..<($0 * 3 + 3)] + [255] }
            let blurHash = try #require(json["blurhash"] as? String)
            let thumbHash = try #require(json["thumbhash"] as? String)
            hashes.append(["blurhash": blurHash, "thumbhash": thumbHash, "width": width, "height": height, "rgba": rgba])
        }
        let decoded = try Self.decode(hashes)
        for (index, render) in images.enumerated() {
            var errors: [String: [Double]] = [:]
            for source in ["ours", "reference"] {
                for hash in ["blurhash", "thumbhash"] {
                    let decode = try #require(decoded[index][source]?[hash])
                    let (width, height) = (try #require(decode["width"] as? Int), try #require(decode["height"] as? Int))
                    let rgb = try #require(decode["rgb"] as? [Int])
                    errors[source + " " + hash] = Self.meanError(rgb, try Self.scaled(render, width: width, height: height))
                }
            }
            let flat = Self.flatError(try Self.scaled(render, width: 32, height: 32))
            let report = "\(Self.renders[index]): \(errors.sorted { $0.key < $1.key }), flat fill \(flat)"
            print(report)
            for hash in ["blurhash", "thumbhash"] {
                let (ours, reference) = (errors["ours " + hash]!, errors["reference " + hash]!)
                #expect(ours.allSatisfy { $0 <= Self.maxError }, "\(hash): \(report)")
                #expect(zip(ours, reference).allSatisfy { $0 <= $1 + Self.slack }, "\(hash): \(report)")
            }
        }
    }
}
