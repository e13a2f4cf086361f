import Foundation
import HTTPTestSupport
import Service
import Testing
import Vips
import VipsTestSupport

/// Brand fonts over HTTP: the `fonts` setting loads a folder of OTF/TTF files at start-up, a chain
/// or a template draws in them, and a family nobody installed is a 400 listing the ones that are.
@Suite("GET /img and /view: brand fonts")
struct BrandFontRouteTests {
    static let fonts = ServiceFixture.samples.appendingPathComponent("fonts").path

    static func target(_ chain: String) -> String {
        "/img/dot_green.png?chain=" + chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics)! + "&fmt=png"
    }

    static func fixture() throws -> ServiceFixture {
        try ServiceFixture { $0.fonts = fonts }
    }

    @Test("the fonts setting loads the folder: the brand family draws other pixels than Inter, and a template uses it too")
    func loadsFolder() throws {
        let fixture = try Self.fixture()
        let line = #"Text("Brand fonts").font(FONT).frame(width:300,height:50,alignment:.leading).background(Color.white)"#
        let brand = try fixture.get(Self.target(line.replacingOccurrences(of: "FONT", with: #".custom("Comic Neue",size:36)"#)))
        #expect(brand.status == 200, "\(brand.text)")
        let inter = try fixture.get(Self.target(line.replacingOccurrences(of: "FONT", with: ".system(size:36)")))
        #expect(inter.status == 200, "\(inter.text)")
        let (a, b) = (try VImage.decode(brand.body), try VImage.decode(inter.body))
        #expect(a.width == 300 && a.height == 50 && b.width == 300)
        #expect(try a.pixels() != b.pixels(), "the brand family is drawn, not Inter")

        try Data(#"Text("\(title)").font(.custom("Comic Neue", size: 36, relativeTo: .largeTitle)).frame(width: 300, height: 50, alignment: .leading).background(Color.white)"#.utf8)
            .write(to: fixture.templates.appendingPathComponent("banner.swift"))
        let view = try fixture.get("/view/banner?title=Brand%20fonts&fmt=png")
        #expect(view.status == 200, "\(view.text)")
        #expect(try VImage.decode(view.body).pixels() == a.pixels(), "the template draws what the chain draws")
    }

    @Test("another brand font file changes the ETag, so no cached picture of the old glyphs is served; a new modification time alone does not")
    func fontsInIdentity() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-fonts-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: Self.fonts, toPath: folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        let target = Self.target(#"Text("Brand").font(.custom("Comic Neue",size:36))"#)
        func etag() throws -> String? {
            let response = try ServiceFixture { $0.fonts = folder.path }.get(target)
            #expect(response.status == 200, "\(response.text)")
            return response.header("ETag")
        }
        let first = try etag()
        #expect(first != nil)
        #expect(try etag() == first, "the same files: the same identity")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: folder.appendingPathComponent("ComicNeue-Regular.otf").path)
        #expect(try etag() == first, "only a file's bytes count, not its time: replicas given the same files agree")
        let regular = folder.appendingPathComponent("ComicNeue-Regular.otf")
        try FileManager.default.removeItem(at: regular)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("ComicNeue-Bold.otf"), to: regular)
        #expect(try etag() != first, "a replaced font file: another identity")
        #expect(try ServiceFixture().get(target).header("ETag") != first, "without the fonts setting the key is not the brand fonts' one")
    }

    @Test("an unknown family is a 400 on `chain` listing the installed families, the brand folder's first")
    func unknownFamily() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get(Self.target(#"Text("Hi").font(.custom("Acme Grotesk",size:20))"#))
        #expect(response.status == 400, "\(response.text)")
        #expect(response.header("Content-Type") == "application/json" && response.header("Cache-Control") == "no-store")
        #expect(response.json["param"] == "chain")
        let message = response.json["error"] ?? ""
        #expect(message.contains("no installed font family is named `Acme Grotesk`"), "\(message)")
        #expect(message.contains(#"installed: "Comic Neue", "Inter", "Inter Display", "DejaVu Serif""#), "\(message)")
        #expect(!message.contains("/"), "no file paths: \(message)")
    }

    @Test("a fonts folder without fonts stops serve's start-up check; one that does not exist too")
    func badFolder() throws {
        let empty = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-fonts-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: empty) }
        var configuration = ServiceConfiguration()
        configuration.root = ServiceFixture.samples.path
        configuration.fonts = empty.path
        #expect(throws: ConfigurationError.unusableFolder(key: "fonts", path: empty.path, reason: "holds no TrueType or OpenType font")) {
            try configuration.loadFonts()
        }
        configuration.fonts = empty.path + "/missing"
        #expect(throws: ConfigurationError.unusableFolder(key: "fonts", path: empty.path + "/missing", reason: "does not exist")) {
            try configuration.checkFolders()
        }
        configuration.fonts = Self.fonts
        #expect(try configuration.loadFonts() == ["Comic Neue"])
    }
}
