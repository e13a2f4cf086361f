import Foundation
@testable import Render
import Testing

/// Glyph outlines read from an installed TrueType font (the waving hand's Material Icons).
@Suite("render: TrueType glyph outlines")
struct TrueTypeGlyphTests {
    @Test("a TrueType glyph: waving_hand's three contours in the 512 em; unmapped code points and other bytes give nil")
    func trueType() throws {
        let font = try #require(FileManager.default.contents(atPath: SymbolLibrary.defaultMaterialIcons).map { [UInt8]($0) })
        let glyph = try #require(TrueTypeGlyph(font: font, codePoint: 0xE766))
        #expect(glyph.unitsPerEm == 512)
        #expect(glyph.pathData.filter { $0 == "M" }.count == 3 && glyph.pathData.filter { $0 == "Z" }.count == 3, "\(glyph.pathData.prefix(80))")
        // Every point lies in the glyph's box (head: 21…491 of the em on both axes, so flipping keeps it).
        let numbers = glyph.pathData.split(whereSeparator: { "MLQZ ".contains($0) }).compactMap { Double($0) }
        #expect(numbers.count > 50 && numbers.allSatisfy { (21...491).contains($0) }, "\(numbers.min() ?? -1)…\(numbers.max() ?? -1)")
        #expect(TrueTypeGlyph(font: font, codePoint: 0x4E00) == nil, "一 is no icon")
        #expect(TrueTypeGlyph(font: Array("<svg/>".utf8), codePoint: 0xE766) == nil)
        #expect(TrueTypeGlyph(font: Array(font.prefix(2_000)), codePoint: 0xE766) == nil, "truncated")
    }
}
