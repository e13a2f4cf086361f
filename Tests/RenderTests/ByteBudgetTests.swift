import Layout
@testable import Render
import Testing
import TransformSpec

/// `maxbytes`: the highest quality whose encoding fits, found in a bounded number of encodings;
/// when nothing fits, the smallest encoding there is.
@Suite("render: byte budget")
struct ByteBudgetTests {
    /// An encoder whose output grows 100 bytes per quality step, counting its calls.
    final class Steps {
        var calls: [Int] = []
        func encode(_ quality: Int) -> [UInt8] {
            calls.append(quality)
            return [UInt8](repeating: 0, count: quality * 100)
        }
    }

    @Test("the highest fitting quality, exactly, within the encoding bound", arguments: [(4550, 45), (7999, 79), (100, 1), (150, 1)])
    func search(_ budget: Int, _ quality: Int) {
        let steps = Steps()
        let outcome = QualitySearch(maxBytes: budget).best(start: 80) { steps.encode($0) }
        #expect(outcome.quality == quality && outcome.fits && outcome.bytes.count <= budget)
        #expect(steps.calls.count <= QualitySearch.maxEncodes, "\(steps.calls)")
    }

    @Test("one encoding when the request's quality fits; the smallest when nothing does")
    func edges() {
        let fitting = Steps()
        #expect(QualitySearch(maxBytes: 8000).best(start: 80) { fitting.encode($0) }.quality == 80)
        #expect(fitting.calls == [80])
        let tooSmall = Steps()
        let outcome = QualitySearch(maxBytes: 50).best(start: 80) { tooSmall.encode($0) }
        #expect(!outcome.fits && outcome.quality == 1 && outcome.bytes.count == 100)
        #expect(tooSmall.calls.count <= QualitySearch.maxEncodes)
    }

    @Test("a photo fits its budget in every lossy format, close under it", arguments: ["jpeg", "webp", "avif"])
    func photoFits(_ format: String) throws {
        let folder = try SourceFolder()
        try folder.png("photo.png", width: 400, height: 300) { x, y in
            RGBA(UInt8(x % 256), UInt8((x * y / 7) % 256), UInt8((x ^ y) % 256))
        }
        let renderer = try folder.renderer
        let full = try renderer.render(TransformSpec.parse(source: "photo.png", query: "fmt=\(format)")).bytes.count
        let budget = full / 2
        let fitted = try renderer.render(TransformSpec.parse(source: "photo.png", query: "fmt=\(format)&maxbytes=\(budget)")).bytes.count
        #expect(fitted <= budget && fitted > budget / 4, "full \(full), budget \(budget), got \(fitted)")
    }
}
