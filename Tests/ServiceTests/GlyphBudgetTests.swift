import Foundation
@testable import Service
import ServiceTestSupport
import Testing

/// Glyph images are counted as each backend really rasterises them: into pixels at the plan's scale;
/// into a PDF, colour glyphs only, at cairo's 300 ppi fallback resolution. Colour is the face's, not
/// the code point's.
@Suite("glyph images in the render budget")
struct GlyphBudgetTests {
    static func chain(_ text: String, font: String) -> String {
        let chain = "Text(\"\(text)\").font(\(font)).fixedSize().frame(width:10,height:10).clipped()"
        return chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? chain
    }

    @Test("a 4000-point emoji in a PDF is refused before drawing: 16 667 pixels square at the fallback resolution")
    func pdfEmoji() throws {
        let fixture = try ServiceFixture()
        let response = try fixture.get("/img/x?fmt=pdf&chain=" + Self.chain("😀", font: ".system(size:4000)"))
        #expect(response.status == 400 && response.json["error"]?.contains("glyph images of a Text at 16667 px") == true, "\(response.text)")
        #expect(fixture.cacheFiles.isEmpty)
    }

    @Test("\"7\" in Noto Color Emoji is a colour glyph; in Inter, an outline a PDF keeps as a vector")
    func colourByFace() throws {
        let fixture = try ServiceFixture { $0.render.maxRenderBytes = 64 * 1024 * 1024 }
        // 1000 pt at 300 ppi: 4167 pixels square, 8 bytes each: 132 MiB.
        let colour = try fixture.get("/img/x?fmt=pdf&chain=" + Self.chain("7", font: ".custom(\"Noto Color Emoji\",size:1000)"))
        #expect(colour.status == 400 && colour.json["error"]?.contains("glyph images") == true, "\(colour.text)")
        let outline = try fixture.get("/img/x?fmt=pdf&chain=" + Self.chain("7", font: ".custom(\"Inter\",size:1000)"))
        #expect(outline.status == 200 && outline.header("Content-Type") == "application/pdf", "\(outline.text)")
    }
}
