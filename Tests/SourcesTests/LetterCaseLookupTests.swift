import Foundation
import Sources
import Testing

/// A name with no exact match finds the one file that has it but for letter case, as Apple's
/// listings spell assets (`Image("Landscape_4")` for `landscape_4.jpg`); several such files are an
/// error naming them; folders are listed again only when they change.
@Suite("Source names match files regardless of letter case when no file matches exactly")
struct LetterCaseLookupTests {
    /// A temporary root with empty files at `names` (folders made as needed), removed by `deinit`.
    final class Root {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-case-\(UUID().uuidString)")

        init(_ names: String...) throws {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
            for name in names { try add(name) }
        }

        func add(_ name: String) throws {
            let file = url.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: file)
        }

        /// Sets `folder`'s modification time to an hour ago, so its listing may be kept.
        func age(_ folder: String = "", to date: Date = Date(timeIntervalSinceNow: -3600)) throws {
            try FileManager.default.setAttributes([.modificationDate: date], ofItemAtPath: url.appendingPathComponent(folder).path)
        }

        var directory: SourceDirectory { SourceDirectory(root: url.path) }

        deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test("Image(\"Landscape_4\") finds landscape_4.jpg; a request path finds its file whatever its case")
    func uniqueMatch() throws {
        let root = try Root("landscape_4.jpg", "photos/beach.PNG", "icon@2x.png")
        let directory = root.directory
        #expect(try directory.asset(named: "Landscape_4", scale: 1).name == "landscape_4.jpg")
        #expect(try directory.asset(named: "LANDSCAPE_4.JPG", scale: 1).name == "landscape_4.jpg")
        #expect(try directory.asset(named: "ICON", scale: 2).name == "icon@2x.png")
        #expect(try directory.source(named: "Landscape_4.jpg").name == "landscape_4.jpg")
        #expect(try directory.source(named: "photos/Beach.png").name == "photos/beach.PNG")
    }

    @Test("an exact match wins, including the extension search, over any match ignoring case")
    func exactWins() throws {
        let root = try Root("logo.png", "LOGO.png", "Pic.jpg", "pic.png")
        let directory = root.directory
        #expect(try directory.asset(named: "logo", scale: 1).name == "logo.png")
        #expect(try directory.source(named: "LOGO.png").name == "LOGO.png")
        #expect(try directory.asset(named: "Pic", scale: 1).name == "Pic.jpg")
        #expect(try directory.asset(named: "pic", scale: 1).name == "pic.png")
    }

    @Test("two files that match but for case: an error naming both, for the client to pick one")
    func ambiguous() throws {
        let root = try Root("landscape_4.jpg", "LANDSCAPE_4.png", "a.png", "A.PNG", "A.png")
        let directory = root.directory
        let error = SourceError.ambiguous("Landscape_4", candidates: ["LANDSCAPE_4.png", "landscape_4.jpg"])
        #expect(throws: error) { try directory.asset(named: "Landscape_4", scale: 1) }
        #expect(error.description == "`Landscape_4` matches both `LANDSCAPE_4.png` and `landscape_4.jpg`; name one exactly")
        let three = SourceError.ambiguous("a.Png", candidates: ["A.PNG", "A.png", "a.png"])
        #expect(throws: three) { try directory.source(named: "a.Png") }
        #expect(three.description == "`a.Png` matches `A.PNG`, `A.png` and `a.png`; name one exactly")
    }

    @Test("folders are spelled exactly; a folder is not a match; the path rule and the root's confinement hold")
    func confinement() throws {
        let root = try Root("sub/a.png", "Pics/x.png")
        let outside = root.url.deletingLastPathComponent().appendingPathComponent("imgframe-case-secret-\(UUID().uuidString).png")
        try Data("x".utf8).write(to: outside)
        defer { try? FileManager.default.removeItem(at: outside) }
        try FileManager.default.createSymbolicLink(at: root.url.appendingPathComponent("Escape.png"), withDestinationURL: outside)
        let directory = root.directory
        #expect(throws: SourceError.notFound("SUB/a.png")) { try directory.source(named: "SUB/a.png") }
        #expect(throws: SourceError.notFound("pics")) { try directory.source(named: "pics") }
        #expect(throws: SourceError.notFound("escape.png")) { try directory.source(named: "escape.png") }
        #expect(throws: SourceError.notFound("escape")) { try directory.asset(named: "escape", scale: 1) }
        #expect(throws: SourceError.invalidName("../Sub/A.png", reason: "the image path may not contain `.` or `..` segments")) {
            try directory.source(named: "../Sub/A.png")
        }
    }

    @Test("a folder's listing is kept while its modification time stays, and read again once it changes")
    func listingFollowsModificationTime() throws {
        let root = try Root("b.png")
        let directory = root.directory
        let then = Date(timeIntervalSinceNow: -3600)
        try root.age(to: then)
        #expect(throws: SourceError.notFound("A.png")) { try directory.source(named: "A.png") }
        // Added behind the listing's back, with the folder's time put back: the kept listing is used.
        try root.add("a.png")
        try root.age(to: then)
        #expect(throws: SourceError.notFound("A.png")) { try directory.source(named: "A.png") }
        // The folder's time moves on: listed again.
        try root.age(to: Date(timeIntervalSinceNow: -1800))
        #expect(try directory.source(named: "A.png").name == "a.png")
    }

    @Test("past its capacity the oldest folder's listing is dropped, and lookups still answer")
    func bounded() throws {
        let root = try Root("one/x.png", "two/y.png", "three/z.png")
        for folder in ["one", "two", "three"] { try root.age(folder) }
        let directory = SourceDirectory(root: root.url.path, listings: FolderListings(capacity: 2))
        for _ in 0..<2 {
            #expect(try directory.source(named: "one/X.png").name == "one/x.png")
            #expect(try directory.source(named: "two/Y.png").name == "two/y.png")
            #expect(try directory.source(named: "three/Z.png").name == "three/z.png")
        }
    }
}
