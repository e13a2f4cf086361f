import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
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

        try Data(
            #"Text("\(title)").font(.custom("Comic Neue", size: 36, relativeTo: .largeTitle)).frame(width: 300, height: 50, alignment: .leading).background(Color.white)"#
                .utf8
        )
        .write(to: fixture.templates.appendingPathComponent("banner.swift"))
        let view = try fixture.get("/view/banner?title=Brand%20fonts&fmt=png")
        #expect(view.status == 200, "\(view.text)")
        #expect(try VImage.decode(view.body).pixels() == a.pixels(), "the template draws what the chain draws")
    }

    @Test("the brand fonts are part of the ETag: the same folder gives the same one, no fonts setting another")
    func fontsInIdentity() throws {
        let target = Self.target(#"Text("Brand").font(.custom("Comic Neue",size:36))"#)
        let first = try Self.fixture().get(target)
        #expect(first.status == 200, "\(first.text)")
        #expect(first.header("ETag") != nil)
        #expect(try Self.fixture().get(target).header("ETag") == first.header("ETag"), "the same files: the same identity")
        // The family stays loaded for this process, so the request still renders, under another key.
        #expect(
            try ServiceFixture().get(target).header("ETag") != first.header("ETag"), "without the fonts setting the key is not the brand fonts' one")
    }

    /// Computed, not loaded: loading a folder makes it the whole process's fonts (`BrandFonts`), and
    /// a font file replaced under a loaded folder would change what other tests draw meanwhile.
    @Test("the fonts' version is a digest of the folder's file names and bytes: a replaced font changes it, a new modification time does not")
    func fontsVersionByContent() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-fonts-\(UUID().uuidString)")
        try FileManager.default.copyItem(atPath: Self.fonts, toPath: folder.path)
        defer { try? FileManager.default.removeItem(at: folder) }
        var configuration = ServiceConfiguration()
        #expect(configuration.fontsVersion() == nil, "no fonts setting: no part in the key")
        configuration.fonts = folder.path
        let first = try #require(configuration.fontsVersion())
        var samples = ServiceConfiguration()
        samples.fonts = Self.fonts
        #expect(first == samples.fontsVersion(), "a copy of the same files: the same version")
        let regular = folder.appendingPathComponent("ComicNeue-Regular.otf")
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSinceNow: 3600)], ofItemAtPath: regular.path)
        #expect(configuration.fontsVersion() == first, "only a file's bytes count, not its time: replicas given the same files agree")
        try FileManager.default.removeItem(at: regular)
        try FileManager.default.copyItem(at: folder.appendingPathComponent("ComicNeue-Bold.otf"), to: regular)
        #expect(configuration.fontsVersion() != first, "a replaced font file: another version")
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
