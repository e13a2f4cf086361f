import Foundation
import Layout
import Render
import Testing
import TransformSpec

/// Inputs the render fuzzer found (kept in `Fuzz/regressions/render-*.bin`), replayed as the harness
/// reads them: first byte odd for a bare chain (even for a query), the rest the text.
@Suite("render fuzz regressions")
struct RenderFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/regressions")
        .standardizedFileURL

    static func query(_ name: String) throws -> String {
        let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        return bytes.first! & 1 == 0 ? text : "chain=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
    }

    @Test("a root a few 1e-42 points wide is refused where the number is read (400), not by libvips (500)")
    func zeroPixelCanvas() throws {
        #expect(throws: SpecError.self) { try TransformSpec.parse(source: "a.jpg", query: try Self.query("render-root-rounds-to-zero-pixels.bin")) }
    }

    @Test("a root 0 points wide has a 0-pixel canvas: a layout error (400), not a libvips failure (500)")
    func zeroPixelCanvasWithinBounds() throws {
        let folder = try SourceFolder()
        try folder.png("a.jpg", width: 48, height: 32, quadrant(48, 32))
        let error = try folder.failure("a.jpg", "chain=Color.red.frame(width:0,height:0)&fmt=png")
        guard case .layout(.emptyRootSize) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }
}

extension RenderFuzzRegressionTests {
    @Test("cap insets wider than the image read only the image's own pixels instead of failing inside libvips")
    func capInsetsWiderThanImage() throws {
        let folder = try SourceFolder()
        try folder.png("e@2x.png", width: 30, height: 30, quadrant(30, 30))
        let query = try Self.query("render-cap-insets-wider-than-image.bin")
        let error = try folder.failure("e@2x.png", query + "&fmt=png")
        #expect(error == nil, "\(String(describing: error))")
        let (image, bitmap) = try folder.render("e@2x.png", query + "&fmt=png")
        #expect(image.pixelSize == PixelSize(width: 90, height: 50) && bitmap.colours.count > 1)
    }
}
