import Foundation
@testable import Render
import Testing

/// The documented SF Symbols names: each draws an installed icon or a composition of them
/// (`SymbolCompositeTests`), the names with no faithful icon stay unknown, and `docs/symbols.md` is
/// the catalog's current table.
@Suite("render: the symbol catalog and its page")
struct SymbolCatalogTests {
    static let page = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/symbols.md").standardizedFileURL

    @Test("every catalog name draws its own icon (a .fill name its filled icon, not the outline); the list is sorted")
    func installed() throws {
        #expect(SymbolCatalog.names == Array(Set(SymbolCatalog.names)).sorted())
        for name in SymbolCatalog.names where SymbolComposite.table[name] == nil {
            let icon = SymbolCatalog.icon(for: name)
            let path = "\(SymbolLibrary.defaultDirectory)/\(icon).svg"
            #expect(FileManager.default.fileExists(atPath: path), "\(name) → \(icon)")
            #expect(try SymbolLibrary.shared.glyph(named: name) == FileManager.default.contents(atPath: path).map { [UInt8]($0) }, "\(name)")
        }
        for name in ["house", "gear", "magnifyingglass", "video.fill", "forward.fill", "backward.fill", "battery.100", "square.and.arrow.down"] {
            #expect(SymbolCatalog.names.contains(name), "\(name)")
        }
        #expect(SymbolCatalog.icon(for: "square.and.arrow.down") == "box-arrow-in-down", "the arrow goes into the box, as SF's does")
        #expect(SymbolCatalog.icon(for: "location") == "cursor", "SF's location is the navigation arrow, not a pin")
    }

    @Test("names with no faithful icon stay unknown, with close names to try", arguments: ["leaf", "mic.square", "phone.up"])
    func absent(_ name: String) {
        #expect(!SymbolCatalog.names.contains(name))
        #expect {
            _ = try SymbolLibrary.shared.glyph(named: name)
        } throws: { error in
            guard case .unknownSymbol(let unknown, _) = error as? RenderError else { return false }
            return unknown == name
        }
    }

    @Test("docs/symbols.md is the catalog's table (IMGFRAME_WRITE_DOCS=1 rewrites it)")
    func page() throws {
        let expected = SymbolCatalog.markdown()
        if ProcessInfo.processInfo.environment["IMGFRAME_WRITE_DOCS"] == "1" {
            try Data(expected.utf8).write(to: Self.page)
        }
        let current = try? String(contentsOf: Self.page, encoding: .utf8)
        #expect(
            current == expected,
            "docs/symbols.md is out of date; run IMGFRAME_WRITE_DOCS=1 scripts/platform swift test --filter SymbolCatalogTests")
    }

    @Test(
        "new names draw ink inside their frame",
        arguments: [
            "house.fill", "video.fill", "forward.fill", "lock.open", "list.number", "location.fill", "cloud.sun.fill", "square.and.arrow.down",
            "mic.slash",
        ])
    func draws(_ name: String) throws {
        let bitmap = try SymbolDrawingTests.render("Image(systemName:\"\(name)\").resizable().scaledToFit().frame(width:32,height:32).padding(4)")
        let ink = try #require(bitmap.inkBounds(), "\(name) drew nothing")
        #expect(ink.x >= 4 && ink.y >= 4 && ink.maxX <= 36 && ink.maxY <= 36, "\(name): \(ink)")
        #expect(ink.width >= 16 || ink.height >= 16, "\(name): \(ink)")
    }
}
