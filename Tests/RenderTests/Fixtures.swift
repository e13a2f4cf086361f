import Sources
import Foundation
import Layout
import Render
import TransformSpec
import Vips
import VipsTestSupport

/// An 8-bit RGBA colour for building and checking pixels.
struct RGBA: Hashable, CustomStringConvertible {
    var r, g, b, a: UInt8

    init(_ r: UInt8, _ g: UInt8, _ b: UInt8, _ a: UInt8 = 255) {
        (self.r, self.g, self.b, self.a) = (r, g, b, a)
    }

    static let red = RGBA(255, 0, 0), green = RGBA(0, 255, 0), blue = RGBA(0, 0, 255), yellow = RGBA(255, 255, 0)
    static let white = RGBA(255, 255, 255), clear = RGBA(0, 0, 0, 0)

    var description: String { "(\(r),\(g),\(b),\(a))" }

    /// True when every channel is within `tolerance`.
    func isClose(to other: RGBA, tolerance: Int = 12) -> Bool {
        zip([r, g, b, a], [other.r, other.g, other.b, other.a]).allSatisfy { abs(Int($0) - Int($1)) <= tolerance }
    }
}

/// Decoded pixels of an image, RGBA, for reading colours at points.
struct Bitmap {
    let width: Int
    let height: Int
    let bands: Int
    let bytes: [UInt8]

    init(_ image: VImage) throws {
        let rgba = try image.withAlpha()
        width = rgba.width
        height = rgba.height
        bands = rgba.bands
        bytes = try rgba.pixels()
    }

    init(encoded: [UInt8]) throws {
        try self.init(VImage.decode(encoded))
    }

    subscript(x: Int, y: Int) -> RGBA {
        let i = (y * width + x) * bands
        return bands >= 4 ? RGBA(bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]) : RGBA(bytes[i], bytes[i], bytes[i], bytes[i + 1])
    }

    /// The smallest rect holding every inked pixel (alpha > 0) of rows `rows` (all rows by default);
    /// `nil` when none is inked.
    func inkBounds(rows: Range<Int>? = nil) -> PixelRect? {
        var x0 = Int.max, y0 = Int.max, x1 = -1, y1 = -1
        for y in rows ?? 0..<height {
            for x in 0..<width where self[x, y].a > 0 {
                x0 = min(x0, x); y0 = min(y0, y); x1 = max(x1, x); y1 = max(y1, y)
            }
        }
        return x1 < 0 ? nil : PixelRect(x: x0, y: y0, width: x1 - x0 + 1, height: y1 - y0 + 1)
    }

    /// Every distinct colour in the bitmap.
    var colours: Set<RGBA> {
        var set = Set<RGBA>()
        for y in 0..<height { for x in 0..<width { set.insert(self[x, y]) } }
        return set
    }
}

/// A temporary source folder with generated images, deleted when the fixture goes away.
final class SourceFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-render-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    var renderer: LocalRenderer { get throws { try LocalRenderer(sources: SourceDirectory(root: url.path)) } }

    /// Writes raw bytes as `name`.
    func write(_ name: String, bytes: [UInt8]) throws {
        try Data(bytes).write(to: url.appendingPathComponent(name))
    }

    /// Writes an image built by `colour(x, y)` as PNG (lossless).
    func png(_ name: String, width: Int, height: Int, _ colour: (Int, Int) -> RGBA) throws {
        try write(name, bytes: try Self.image(width: width, height: height, colour).png())
    }

    static func image(width: Int, height: Int, _ colour: (Int, Int) -> RGBA) throws -> VImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let c = colour(x, y)
                pixels += [c.r, c.g, c.b, c.a]
            }
        }
        return try VImage.fromPixels(pixels, width: width, height: height, bands: 4)
    }

    /// A renderer over this folder with `limits`.
    func renderer(limits: RenderLimits) throws -> LocalRenderer {
        try LocalRenderer(sources: SourceDirectory(root: url.path), limits: limits)
    }

    /// The error rendering `query` for `source` throws, or `nil` when it renders.
    func failure(_ source: String, _ query: String, limits: RenderLimits = RenderLimits(), autoFormats: [ImageFormat] = []) throws -> RenderError? {
        let spec = try TransformSpec.parse(source: source, query: query, limits: .unbounded)
        let renderer = try renderer(limits: limits)
        do {
            _ = try renderer.render(spec, autoFormats: autoFormats)
            return nil
        } catch let error as RenderError {
            return error
        }
    }

    /// Renders `query` for `source` and decodes the result.
    func render(_ source: String, _ query: String) throws -> (image: RenderedImage, bitmap: Bitmap) {
        let spec = try TransformSpec.parse(source: source, query: query)
        let image = try renderer.render(spec)
        return (image, try Bitmap(encoded: image.bytes))
    }
}

/// Quadrants: top-left red, top-right green, bottom-left blue, bottom-right yellow.
func quadrant(_ width: Int, _ height: Int) -> (Int, Int) -> RGBA {
    { x, y in
        switch (x < width / 2, y < height / 2) {
        case (true, true): .red
        case (false, true): .green
        case (true, false): .blue
        case (false, false): .yellow
        }
    }
}
