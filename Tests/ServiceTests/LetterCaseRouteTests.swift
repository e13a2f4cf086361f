import Foundation
import HTTPTestSupport
import ServiceTestSupport
import Testing

/// Names as Apple's listings write them reach the files the root holds: with no exact match, the one
/// file that matches but for letter case is served, from `/img/` and from `Image("…")` in a view;
/// several such files are a 404 naming them.
@Suite("Image names match files regardless of letter case, served")
struct LetterCaseRouteTests {
    static func chain(_ name: String) throws -> String {
        try #require("overlay{Image(\"\(name)\").resizable().frame(width:4,height:4)}".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
    }

    @Test("/img/Landscape_4.JPG and Image(\"Landscape_4\") find landscape_4.jpg")
    func unique() throws {
        let fixture = try ServiceFixture()
        let path = try fixture.get("/img/Landscape_4.JPG?w=40")
        #expect(path.status == 200, "\(path.text)")
        #expect(path.header("Content-Type", default: "").hasPrefix("image/"))
        let view = try fixture.get("/img/dot_green.png?chain=\(try Self.chain("Landscape_4"))")
        #expect(view.status == 200, "\(view.text)")
    }

    @Test("a view template's Image(\"Landscape_4\") finds landscape_4.jpg; two candidates are a 404 naming both")
    func template() throws {
        // Sources checked on every request (`cache.source_check` 0), so the added file counts at once.
        let fixture = try ServiceFixture { $0.sourceCheck = .zero }
        try Data(#"Image("Landscape_4").resizable().frame(width: 40, height: 30)"#.utf8).write(
            to: fixture.templates.appendingPathComponent("apple.swift"))
        let found = try fixture.get("/view/apple?fmt=png")
        #expect(found.status == 200, "\(found.text)")
        try FileManager.default.copyItem(
            at: fixture.root.appendingPathComponent("dot_green.png"), to: fixture.root.appendingPathComponent("Landscape_4.PNG"))
        let ambiguous = try fixture.get("/view/apple?fmt=png")
        #expect(ambiguous.status == 404)
        #expect(
            ambiguous.json["error"] == "`Landscape_4` matches both `Landscape_4.PNG` and `landscape_4.jpg`; name one exactly", "\(ambiguous.text)")
    }

    @Test("two files that match but for case: 404 naming both, blamed on the parameter that named the image")
    func ambiguous() throws {
        let fixture = try ServiceFixture()
        try FileManager.default.copyItem(
            at: fixture.root.appendingPathComponent("dot_green.png"), to: fixture.root.appendingPathComponent("LANDSCAPE_4.png"))
        let view = try fixture.get("/img/dot_green.png?chain=\(try Self.chain("Landscape_4"))")
        #expect(view.status == 404)
        #expect(view.json["error"] == "`Landscape_4` matches both `LANDSCAPE_4.png` and `landscape_4.jpg`; name one exactly", "\(view.text)")
        #expect(view.json["param"] == "chain")
        // The exact name still wins.
        #expect(try fixture.get("/img/dot_green.png?chain=\(try Self.chain("landscape_4"))").status == 200)
        #expect(try fixture.get("/img/LANDSCAPE_4.png").status == 200)
    }

    @Test("a symlink out of the root stays 404 whatever the case it is asked in")
    func confinement() throws {
        let fixture = try ServiceFixture()
        for target in ["/img/ESCAPE.png", "/info/Escape.PNG", "/img/OUTDIR/secret.png"] {
            let response = try fixture.get(target)
            #expect(response.status == 404, "\(target) → \(response.status)")
            #expect(response.json["error"]?.contains("not found") == true, "\(target): \(response.text)")
        }
    }
}
