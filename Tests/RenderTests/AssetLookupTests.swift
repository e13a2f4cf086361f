@testable import Sources
import Foundation
import Layout
@testable import Render
import Testing
import TransformSpec

/// `Image("name")` in a chain finds its file as an asset catalog would: exact name, then a known
/// extension, then `@2x`/`@3x` variants by render scale.
@Suite("render: Image names resolve like an asset catalog")
struct AssetLookupTests {
    @Test("candidates: exact, then extensions, then variants in render-scale order")
    func candidates() {
        let one = SourceDirectory.assetCandidates(for: "logo", scale: 1)
        #expect(one.first == "logo" && one[1] == "logo.png" && one[2] == "logo.jpg")
        #expect(one.firstIndex(of: "logo@2x.png")! < one.firstIndex(of: "logo@3x.png")!)
        #expect(one.firstIndex(of: "logo.svg")! < one.firstIndex(of: "logo@2x.png")!)
        let three = SourceDirectory.assetCandidates(for: "logo", scale: 3)
        #expect(three.firstIndex(of: "logo@3x.png")! < three.firstIndex(of: "logo@2x.png")!)
        #expect(SourceDirectory.assetCandidates(for: "logo.png", scale: 2) == ["logo.png", "logo@2x.png", "logo@3x.png"])
        #expect(SourceDirectory.assetCandidates(for: "a/b.c", scale: 1).contains("a/b.c.png"))
    }

    static let overlay = #"resizable().frame(width:40,height:40).overlay(alignment:.topLeading){Image("NAME").resizable().frame(width:20,height:20)}"#

    func render(_ folder: SourceFolder, name: String, scale: Double = 1) throws -> Bitmap {
        let chain = Self.overlay.replacingOccurrences(of: "NAME", with: name)
        let spec = try TransformSpec.parse(source: "base.png", query: "chain=\(chain)&fmt=png&scale=\(Int(scale))")
        return try Bitmap(encoded: try folder.renderer.render(spec).bytes)
    }

    @Test("a name without its extension finds the file")
    func extensionLeftOut() throws {
        let folder = try SourceFolder()
        try folder.png("base.png", width: 40, height: 40) { _, _ in .blue }
        try folder.png("dot.png", width: 20, height: 20) { _, _ in .red }
        #expect(try render(folder, name: "dot")[5, 5] == .red)
        #expect(try render(folder, name: "dot.png")[5, 5] == .red)
    }

    @Test("only an @2x file: it is found, and its suffix makes it a 2× image (half its pixels in points)")
    func scaleVariant() throws {
        let folder = try SourceFolder()
        try folder.png("base.png", width: 40, height: 40) { _, _ in .blue }
        try folder.png("icon@2x.png", width: 40, height: 40) { _, _ in .green }
        let directory = SourceDirectory(root: folder.url.path)
        #expect(try directory.asset(named: "icon", scale: 2).name == "icon@2x.png")
        #expect(try render(folder, name: "icon", scale: 2)[5, 5] == .green)
        // Not resizable: the 40-pixel @2x image is 20×20 points, drawn at 20×20 pixels at scale 1.
        let spec = try TransformSpec.parse(
            source: "base.png", query: #"chain=resizable().frame(width:40,height:40).overlay(alignment:.topLeading){Image("icon")}&fmt=png"#)
        let bitmap = try Bitmap(encoded: try folder.renderer.render(spec).bytes)
        #expect(bitmap[10, 10] == .green && bitmap[30, 30] == .blue)
    }

    @Test("the plain file comes before a variant; a missing name is not found under the name asked for; a refused spelling stops the search")
    func precedenceAndMissing() throws {
        let folder = try SourceFolder()
        try folder.png("base.png", width: 40, height: 40) { _, _ in .blue }
        try folder.png("pic.png", width: 20, height: 20) { _, _ in .red }
        try folder.png("pic@2x.png", width: 40, height: 40) { _, _ in .green }
        let directory = SourceDirectory(root: folder.url.path)
        #expect(try directory.asset(named: "pic", scale: 2).name == "pic.png")
        #expect(Self.notFoundName { _ = try directory.asset(named: "nothing", scale: 1) } == "nothing")
        // `..` can never name a source: the path rule refuses it before any candidate is tried.
        #expect(throws: SourceError.invalidName("../pic", reason: "the image path may not contain `.` or `..` segments")) {
            _ = try directory.asset(named: "../pic", scale: 1)
        }
    }

    @Test("the request's own path is exact: no extension is added to it")
    func primaryIsExact() throws {
        let folder = try SourceFolder()
        try folder.png("base.png", width: 40, height: 40) { _, _ in .blue }
        let directory = SourceDirectory(root: folder.url.path)
        #expect(Self.notFoundName { _ = try directory.source(for: .primary, primary: "base", scale: 1) } == "base")
        #expect(try directory.source(for: .named("base"), primary: "x", scale: 1).name == "base.png")
    }

    /// The name in the `notFound` error `body` throws, or `nil` for anything else.
    static func notFoundName(_ body: () throws -> Void) -> String? {
        do {
            try body()
        } catch SourceError.notFound(let name) {
            return name
        } catch {}
        return nil
    }
}
