import Foundation
import HTTPTestSupport
@testable import Service
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// The README's recipes, read from its table, requested from a real server over the bundled samples
/// with a browser's image `Accept` header: each answers 200 with the type and size its row states.
/// Every relative link in the README and `docs/` resolves to a file, and an anchor to a heading.
@Suite("README: recipes answer what they say; links resolve")
struct ReadmeRecipeTests {
    static let repository = ServiceFixture.samples.deletingLastPathComponent()

    /// The README's text ("" when it cannot be read: the tests that need it then fail on counts).
    static var readme: String {
        (try? String(contentsOf: repository.appendingPathComponent("README.md"), encoding: .utf8)) ?? ""
    }

    /// One recipe row: the URL and what it answers.
    struct Recipe: CustomStringConvertible {
        var url: String
        var contentType: String
        var size: (width: Int, height: Int)?
        var description: String { url }
    }

    /// Rows `| **name** … | `/url` | `type` W×H … | … |` of the README.
    static var recipes: [Recipe] {
        let text = readme
        let row = #/^\| \*\*[^|]*\| `(/[^`]+)` \| `([a-z]+/[a-z.+-]+)`(?: (\d+)×(\d+))?/#
        return text.split(separator: "\n").compactMap { line in
            guard let match = try? row.firstMatch(in: String(line)) else { return nil }
            let size = match.3.flatMap { w in match.4.flatMap { h in Int(w).flatMap { w in Int(h).map { (w, $0) } } } }
            return Recipe(url: String(match.1), contentType: String(match.2), size: size)
        }
    }

    /// A server over the bundled samples and their templates, as `scripts/run` serves them.
    static func samplesServer() throws -> ServiceFixture {
        let samples = ServiceFixture.samples
        return try ServiceFixture { configuration in
            configuration.root = samples.path
            configuration.templates = samples.appendingPathComponent("templates").path
        }
    }

    static let browserAccept = "Accept: image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8"

    @Test("the README has its recipes and example URLs")
    func found() {
        #expect(Self.recipes.count >= 8 && Self.readmeURLs.count >= 15)
    }

    @Test("each recipe answers 200 with its type and size", arguments: recipes)
    func answers(_ recipe: Recipe) throws {
        let fixture = try Self.samplesServer()
        let response = try fixture.get(recipe.url, headers: [Self.browserAccept])
        #expect(
            response.status == 200 && response.header("Content-Type") == recipe.contentType,
            "\(response.status) \(response.header("Content-Type") ?? "") \(response.text.prefix(300))")
        guard response.status == 200, let size = recipe.size else { return }
        if recipe.contentType == "application/pdf" {
            let page = try Poppler(response.body).pageSize()
            #expect(page.width.rounded() == Double(size.width) && page.height.rounded() == Double(size.height), "\(page)")
        } else {
            let image = try VImage.decode(response.body)
            #expect(image.width == size.width && image.height == size.height, "\(image.width)×\(image.height)")
        }
        if recipe.url.contains("maxbytes=") { #expect(response.header("Imgframe-Byte-Budget") == "fits") }
    }

    /// Every `/img/…` and `/view/…` URL the README shows, wherever it is (prose, tables, HTML, code),
    /// except patterns with placeholders (`{template}`, `${…}`) and the bare route.
    static var readmeURLs: [String] {
        let text = readme
        let url = #/(?:/img/|/view/)[^\s`"'<>)|]+/#
        let found = text.matches(of: url).map { String($0.0) }.filter { !$0.contains("{") && !$0.contains("$") }
        return Array(Set(found)).sorted()
    }

    @Test("every /img/ and /view/ URL of the README answers 200 with an image or a PDF", arguments: readmeURLs)
    func everyURL(_ url: String) throws {
        let fixture = try Self.samplesServer()
        let response = try fixture.get(url, headers: [Self.browserAccept])
        let type = response.header("Content-Type") ?? ""
        #expect(
            response.status == 200 && (type.hasPrefix("image/") || type == "application/pdf"),
            "\(url): \(response.status) \(type) \(response.text.prefix(300))")
    }

    /// GitHub's heading anchors: lower case, punctuation but `-` and `_` dropped, spaces to `-`.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { $0 == " " ? "-" : ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : nil })
    }

    @Test("every relative link of the README and docs/ names a file, and its anchor a heading there")
    func links() throws {
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("docs").path).filter {
            $0.hasSuffix(".md")
        }
        let pages = ["README.md"] + docs.map { "docs/" + $0 }
        let link = #/\]\(([^)\s]+)\)/#
        var checked = 0
        for page in pages {
            let url = Self.repository.appendingPathComponent(page)
            let text = try String(contentsOf: url, encoding: .utf8)
            for match in text.matches(of: link) {
                let target = String(match.1)
                guard !target.hasPrefix("http://"), !target.hasPrefix("https://"), !target.hasPrefix("mailto:") else { continue }
                let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let file = parts[0].isEmpty ? url : url.deletingLastPathComponent().appendingPathComponent(parts[0]).standardizedFileURL
                #expect(FileManager.default.fileExists(atPath: file.path), "\(page): \(target) names no file")
                if parts.count == 2, file.pathExtension == "md", let linked = try? String(contentsOf: file, encoding: .utf8) {
                    let anchors = Set(
                        linked.split(separator: "\n").filter { $0.hasPrefix("#") }.map { Self.anchor(String($0.drop { $0 == "#" }.dropFirst())) }
                    )
                    .union(linked.matches(of: #/<a id="([^"]+)">/#).map { String($0.1) })
                    #expect(anchors.contains(parts[1]), "\(page): \(target) names no heading")
                }
                checked += 1
            }
        }
        #expect(checked > 50)
    }
}
