import Foundation
import HTTPTestSupport
import ServiceTestSupport
import Testing

/// One rule for source names (`SourceName`), whichever route reads them: a spelling that can never
/// name a source is 400 with the same message from `/img/` and `/info/` (and for a name inside the
/// view); a name that passes but leads outside the root through a symlink is 404, like a missing file.
@Suite("Source path rule")
struct SourcePathRuleTests {
    /// Paths after the route's prefix that the rule refuses, with the reason each gets.
    static let refused: [(path: String, message: String)] = [
        ("../outside/secret.png", "the image path may not contain `.` or `..` segments"),
        ("%2e%2e/outside/secret.png", "the image path may not contain `.` or `..` segments"),
        ("./dot_green.png", "the image path may not contain `.` or `..` segments"),
        ("sub/%2E%2E/dot_green.png", "the image path may not contain `.` or `..` segments"),
        ("/etc/passwd", "the image path has an empty segment (`//` or a leading `/`)"),
        ("sub//dot.png", "the image path has an empty segment (`//` or a leading `/`)"),
        ("", "the image path has an empty segment (`//` or a leading `/`)"),
        ("..%2Foutside%2Fsecret.png", "the image path may not contain encoded slashes, backslashes or NUL"),
        ("%2Fetc%2Fpasswd", "the image path may not contain encoded slashes, backslashes or NUL"),
        ("..%5coutside%5csecret.png", "the image path may not contain encoded slashes, backslashes or NUL"),
        ("dot_green.png%00.jpg", "the image path may not contain encoded slashes, backslashes or NUL"),
        ("%zz.png", "the image path is not valid percent-encoded UTF-8"),
        ("%ff.png", "the image path is not valid percent-encoded UTF-8"),
    ]

    @Test("a refused spelling is the same 400 from /img/ and /info/", arguments: refused)
    func refusedSpelling(_ path: String, _ message: String) throws {
        let fixture = try ServiceFixture()
        for prefix in ["/img/", "/info/"] {
            let response = try fixture.get(prefix + path)
            #expect(response.status == 400, "\(prefix)\(path) → \(response.status)")
            #expect(response.json["error"] == message && response.json["param"] == "path", "\(prefix)\(path): \(response.text)")
        }
    }

    @Test("a name inside the view follows the same rule", arguments: ["../outside/secret.png", "/etc/passwd", "sub//dot.png", "a\\\\b.png"])
    func refusedViewName(_ name: String) throws {
        let fixture = try ServiceFixture()
        let chain = try #require("overlay{Image(\"\(name)\")}".addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let response = try fixture.get("/img/dot_green.png?chain=\(chain)")
        #expect(response.status == 400, "\(name) → \(response.status) \(response.text)")
        #expect(response.json["param"] == "path")
    }

    @Test("a symlink out of the root is 404 like a missing file, from /img/, /info/ and the view")
    func symlinkEscape() throws {
        let fixture = try ServiceFixture()
        for target in [
            "/img/escape.png", "/info/escape.png", "/img/outdir/secret.png", "/info/outdir/secret.png",
            "/img/dot_green.png?overlay=outdir/secret.png",
        ] {
            let response = try fixture.get(target)
            #expect(response.status == 404, "\(target) → \(response.status)")
            #expect(response.json["error"]?.contains("not found") == true, "\(target): \(response.text)")
            #expect(!response.header("Content-Type", default: "").hasPrefix("image/"))
        }
        // A symlink that stays inside the root is followed.
        #expect(try fixture.get("/img/inside.png").status == 200)
        #expect(try fixture.get("/info/inside.png").status == 200)
    }
}
