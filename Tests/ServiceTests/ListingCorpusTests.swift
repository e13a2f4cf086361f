import Foundation
import ServiceTestSupport
import Testing
import TransformSpec
import Vips
import VipsTestSupport

/// Swift listings pasted verbatim into a templates folder, served by `GET /view/{file name}`:
/// Tests/Listings/seed (every listing of the documents ImageFrame implements) and
/// Tests/Listings/apple (listings of Apple's SwiftUI documentation, each naming its page). The seed
/// listings are one folder, and each documentation page's listings are one, so names one listing
/// declares serve the others, as in a Swift module.
@Suite("Apple's listings as view templates")
struct ListingCorpusTests {
    static let listings = ServiceFixture.samples.appendingPathComponent("../Tests/Listings").standardizedFileURL

    /// The listings of `corpus`, by the page they come from (their `// source:` line).
    static func pages(_ corpus: String) throws -> [[(name: String, text: String)]] {
        let folder = listings.appendingPathComponent(corpus)
        var pages: [String: [(name: String, text: String)]] = [:]
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".swift") }).sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let source = text.split(separator: "\n").first { $0.hasPrefix("// source:") }.map(String.init) ?? file
            pages[source, default: []].append((String(file.dropLast(".swift".count)), text))
        }
        return pages.keys.sorted().map { pages[$0]! }
    }

    /// A service whose templates folder holds `listings`. Its root has the images they name,
    /// spelled as the files are, not as Apple writes them (`landscape_4.jpg` for `Landscape_4`):
    /// `otus` is a portrait photo (3 : 4), `otus2` a wide one (3 : 1), `ProfilePicture` a square one.
    static func fixture(_ listings: [(name: String, text: String)]) throws -> ServiceFixture {
        let fixture = try ServiceFixture()
        for listing in listings {
            try Data(listing.text.utf8).write(to: fixture.templates.appendingPathComponent(listing.name + ".swift"))
        }
        let photo = try VImage.decode(Array(Data(contentsOf: ServiceFixture.samples.appendingPathComponent("landscape_4.jpg"))))
            .resized(horizontal: 0.1, vertical: 0.1, kernel: .lanczos3)
        for (name, width, height) in [("otus", 225, 300), ("otus2", 300, 100), ("ProfilePicture", 300, 300)] {
            let bytes = try photo.cropped(x: 0, y: 0, width: width, height: height).jpeg(quality: 85)
            try Data(bytes).write(to: fixture.root.appendingPathComponent(name + ".jpg"))
        }
        return fixture
    }

    /// `GET /view/{name}` at 400 × 300, each parameter without a default given a value of its kind
    /// (a listing that does not load gets none: the server says why).
    static func render(_ name: String, of listings: [(name: String, text: String)], in fixture: ServiceFixture) throws -> (status: Int, body: String)
    {
        var query = "pw=400&ph=300&fmt=png"
        let module = TemplateModule(files: listings)
        if let template = try? ViewTemplate(name: name, module: module, limits: SpecLimits()) {
            for parameter in template.parameters where template.defaults[parameter] == nil {
                let value =
                    switch template.kinds[parameter] ?? .text {
                    case .text: "Ana"
                    case .number: "3"
                    case .date: "2026-11-27T22:15"
                    case .bool: "true"
                    case .color: "orange"
                    }
                query += "&\(parameter)=\(value)"
            }
        }
        let response = try fixture.get("/view/\(name)?" + query)
        guard response.status == 200 else { return (response.status, response.text) }
        let (width, height) = try ViewTemplateRouteTests.size(response.body)
        return (width > 0 && height > 0 ? 200 : 0, "")
    }

    @Test("every listing of the documents ImageFrame implements renders as written, together in one folder")
    func seed() throws {
        let listings = try Self.pages("seed").flatMap { $0 }
        #expect(listings.count == 21)
        let fixture = try Self.fixture(listings)
        for listing in listings {
            let result = try Self.render(listing.name, of: listings, in: fixture)
            #expect(result.status == 200, "\(listing.name): \(result.status) \(result.body)")
        }
    }

    @Test("Apple's documentation listings, each page's in one folder: at least 90 % render; a refusal says what is at fault")
    func apple() throws {
        let pages = try Self.pages("apple")
        let count = pages.map(\.count).reduce(0, +)
        #expect(count >= 40)
        var refusals: [String] = []
        for page in pages {
            let fixture = try Self.fixture(page)
            for listing in page {
                let result = try Self.render(listing.name, of: page, in: fixture)
                guard result.status != 200 else { continue }
                refusals.append("\(listing.name): \(result.status) \(result.body)")
                // A request the template cannot serve (400), or a file that does not run (500, the
                // operator's): either way a message saying what is at fault, never a bare failure.
                #expect([400, 500].contains(result.status), "\(listing.name): \(result.status)")
                let message = (try? JSONSerialization.jsonObject(with: Data(result.body.utf8)) as? [String: Any])?["error"] as? String ?? ""
                #expect(message.count > 20 && !message.contains("internal"), "\(listing.name): \(result.body)")
            }
        }
        let rendered = count - refusals.count
        #expect(Double(rendered) >= 0.9 * Double(count), "\(rendered) of \(count) render; refused:\n\(refusals.joined(separator: "\n"))")
    }
}
