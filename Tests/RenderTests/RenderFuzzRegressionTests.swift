import Foundation
import Layout
import Render
import Testing
import TransformSpec

/// Inputs the render fuzzer found (kept in `Fuzz/regressions/render-*.bin`), replayed as the harness
/// reads them: first byte odd for a bare chain (even for a query), the rest the text.
@Suite("render fuzz regressions")
struct RenderFuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/regressions").standardizedFileURL

    static func query(_ name: String) throws -> String {
        let bytes = try Data(contentsOf: folder.appendingPathComponent(name))
        let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
        return bytes.first! & 1 == 0 ? text : "chain=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
    }

    @Test("a root a few 1e-42 points wide rounds to a 0-pixel canvas: a layout error (400), not a libvips failure (500)")
    func zeroPixelCanvas() throws {
        let folder = try SourceFolder()
        try folder.png("a.jpg", width: 48, height: 32, quadrant(48, 32))
        let error = try folder.failure("a.jpg", try Self.query("render-root-rounds-to-zero-pixels.bin"))
        guard case .layout(.emptyRootSize) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
    }
}
