import Sources
import Foundation
import Layout
import LayoutVectorSupport
import Render
import Testing
import TransformSpec
import Vips

/// The eight examples of Apple's "Fitting images into available space", rendered from the bundled
/// samples: output size from the vectors, and pixels checked against independent references.
@Suite("render: Apple's article examples")
struct AppleExamplesTests {
    static let samples = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Samples").standardizedFileURL
    static let files = ["Landscape_4": "landscape_4.jpg", "dot_green": "dot_green.png"]
    static let vectors = LayoutVector.all.filter { $0.id.hasPrefix("apple-") }
    static let blue = RGBA(0, 122, 255)

    /// The vector's chain with the article's asset names mapped to the sample files.
    static func chain(_ v: LayoutVector) -> String {
        var text = v.swiftChain
        for (asset, file) in files { text = text.replacingOccurrences(of: "Image(\"\(asset)\")", with: "Image(\"\(file)\")") }
        return text
    }

    /// The sample decoded upright in sRGB, resampled to `width`×`height` and cut to `area`.
    static func reference(_ file: String, width: Int, height: Int, kernel: ResampleKernel, area: PixelRect) throws -> Bitmap {
        let source = try ImageFile(path: samples.appendingPathComponent(file).path).load(sequential: false).autorotated().srgb()
        let (h, v) = (Double(width) / Double(source.width), Double(height) / Double(source.height))
        let scaled =
            h == 1 && v == 1
            ? source
            : source.hasAlpha
                ? try source.premultiplied().resized(horizontal: h, vertical: v, kernel: kernel).unpremultiplied()
                : try source.resized(horizontal: h, vertical: v, kernel: kernel)
        return try Bitmap(scaled.cropped(x: area.x, y: area.y, width: area.width, height: area.height))
    }

    /// Mean absolute difference of the colour channels over `area` of `bitmap` vs `reference`.
    static func meanDifference(_ bitmap: Bitmap, _ reference: Bitmap, at area: PixelRect) -> Double {
        var total = 0, count = 0
        for y in 0..<area.height {
            for x in 0..<area.width {
                let a = bitmap[area.x + x, area.y + y], b = reference[x, y]
                // A fully transparent pixel has no colour to compare (the encoder writes it as 0).
                guard a.a > 0 || b.a > 0 else { continue }
                total += abs(Int(a.r) - Int(b.r)) + abs(Int(a.g) - Int(b.g)) + abs(Int(a.b) - Int(b.b))
                count += 3
            }
        }
        return Double(total) / Double(count)
    }

    @Test("size, border, coverage and pixels", arguments: vectors)
    func example(_ v: LayoutVector) throws {
        let renderer = try LocalRenderer(sources: SourceDirectory(root: Self.samples.path))
        let spec = try TransformSpec.parse(source: "unused.jpg", query: "chain=\(Self.chain(v))&fmt=png")
        let rendered = try renderer.render(spec)
        let bitmap = try Bitmap(encoded: rendered.bytes)
        let canvas = v.expected["canvas_px"]!.array!.map { Int($0.number!) }
        #expect([bitmap.width, bitmap.height] == canvas)

        // The article's 1-pt blue border: every edge pixel is blue.
        for x in 0..<bitmap.width { #expect(bitmap[x, 0] == Self.blue && bitmap[x, bitmap.height - 1] == Self.blue) }
        for y in 0..<bitmap.height { #expect(bitmap[0, y] == Self.blue && bitmap[bitmap.width - 1, y] == Self.blue) }

        let image = v.expected["images"]!.array![0]
        let rect = image["image_rect_px"]!.array!.map { Int($0.number!) }
        let visibleValues = image["visible_image_rect_px"]!.array!.map { Int($0.number!) }
        let visible = PixelRect(x: visibleValues[0], y: visibleValues[1], width: visibleValues[2], height: visibleValues[3])
        let inner = PixelRect(x: 1, y: 1, width: bitmap.width - 2, height: bitmap.height - 2)
        let shown = visible.intersection(inner)!
        // Nothing is drawn outside the image's visible rect (inside the border).
        for y in inner.y..<inner.maxY {
            for x in inner.x..<inner.maxX where !(x >= visible.x && x < visible.maxX && y >= visible.y && y < visible.maxY) {
                #expect(bitmap[x, y] == .clear, "\(v.id): drawn outside the image at \(x),\(y)")
            }
        }
        // The mapping: none→nearest, low→linear, medium→cubic, high→lanczos3.
        let kernel: ResampleKernel =
            switch image["interpolation"]?.string {
            case "none": .nearest
            case "medium": .cubic
            case "high": .lanczos3
            default: .linear
            }
        let file = Self.files[v.chain[0]["args"]!["name"]!.string!]!
        if image["tile"] != nil {
            let dot = try Self.reference(file, width: 34, height: 34, kernel: kernel, area: PixelRect(x: 0, y: 0, width: 34, height: 34))
            for y in shown.y..<shown.maxY {
                for x in shown.x..<shown.maxX { #expect(bitmap[x, y] == dot[x % 34, y % 34]) }
            }
        } else if kernel == .nearest {
            let dot = try Self.reference(file, width: 34, height: 34, kernel: kernel, area: PixelRect(x: 0, y: 0, width: 34, height: 34))
            #expect(bitmap.colours.isSubset(of: dot.colours.union([.clear, Self.blue])))
        } else {
            let area = PixelRect(x: shown.x - rect[0], y: shown.y - rect[1], width: shown.width, height: shown.height)
            let reference = try Self.reference(file, width: rect[2], height: rect[3], kernel: kernel, area: area)
            let difference = Self.meanDifference(bitmap, reference, at: shown)
            #expect(difference < (rect[2] == 4032 ? 0.01 : 3), "\(v.id): mean difference \(difference)")
        }
    }
}
