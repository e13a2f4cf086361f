import Foundation
import LayoutVectorSupport
import Testing

/// `imgframe plan --template` on the listings of the documents ImageFrame implements, verbatim and
/// together in one folder (Tests/Listings/seed): the views spec's walkthroughs give the same plan
/// as the chains that write them out, and the aspect-ratio article's `logSizes` report the sizes
/// proposed and chosen where the article reads them.
@Suite("imgframe plan: the seed listings as templates")
struct ListingPlanTests {
    static let seed = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Listings/seed").standardizedFileURL

    /// A root holding `otus` (300 × 400, portrait as the article's owl) and `otus2` (300 × 100),
    /// drawn by `imgframe render` from templates: a plan reads only their sizes.
    static func root() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-listings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        for (name, width, height) in [("otus", 300, 400), ("otus2", 300, 100)] {
            try Data("Color.gray.frame(width: \(width), height: \(height))".utf8).write(to: root.appendingPathComponent(name + ".swift"))
            let result = try runImageFrame([
                "render", "--template", name, "--templates", root.path, "-o", root.appendingPathComponent(name + ".png").path,
            ])
            #expect(result.status == 0, "\(result.stderr)")
        }
        return root
    }

    static func plan(_ listing: String, root: URL, _ arguments: [String]) throws -> JSON {
        let result = try runImageFrame(["plan", "--template", listing, "--templates", seed.path, "--root", root.path] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try decodeJSON(result.stdout)
    }

    static func chainPlan(_ chain: String, _ arguments: [String]) throws -> JSON {
        let result = try runImageFrame(["plan", "--size", "1x1", "--chain", chain] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        return try decodeJSON(result.stdout)
    }

    @Test(
        "SignInView (views spec §9.2): each listing as written plans as its chain does",
        arguments: zip(
            ["010-signin-background", "011-signin-zstack", "012-signin-ignores-safe-area", "013-signin-keyboard"],
            [SignInListings.backgroundModifier, SignInListings.zStack, SignInListings.ignoresSafeArea, SignInListings.backgroundIgnoresSafeArea]))
    func signIn(_ listing: String, _ chain: String) throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let size = ["--pw", "390", "--ph", "844"]
        let template = try Self.plan(listing, root: root, size)
        let written = try Self.chainPlan(chain, size)
        #expect(template["root_size"] == written["root_size"])
        #expect(template["leaves"] == written["leaves"])
    }

    @Test("the award view (views spec §9.1): the trophy's 200 × 200 frame, the name and the date below it, and the button's title")
    func award() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let json = try Self.plan("008-imagerenderer-award", root: root, ["--set", "playerName=Ana", "--set", "achievementDate=2026-11-27T22:15"])
        let leaves = json["leaves"]?.array ?? []
        let symbol = try #require(leaves.first { $0["kind"]?.string == "symbol" })
        // The card lands where the walkthrough puts Apple's: the trophy's 200 × 200 at y 7.4, the
        // name (41 pt high) at y 228, the date (21 pt) at y 269; the button's title below the card.
        #expect(symbol["rect"] == .array([0, 7.3994140625, 200, 200].map { .number($0) }))
        let texts = leaves.filter { $0["kind"]?.string == "text" }.map { $0["rect"]?.array?.compactMap(\.number) ?? [] }
        #expect(texts.count == 3)
        #expect(texts.map { $0.dropFirst().first } == [228, 269, 297.1005859375] && texts.map(\.last) == [41, 21, 21], "\(texts)")
    }

    static func logged(_ json: JSON) -> [String: (proposed: [Double?], size: [Double])] {
        var sizes: [String: (proposed: [Double?], size: [Double])] = [:]
        for entry in json["log_sizes"]?.array ?? [] {
            guard let label = entry["label"]?.string else { continue }
            sizes[label] = ((entry["proposed"]?.array ?? []).map(\.number), (entry["size"]?.array ?? []).compactMap(\.number))
        }
        return sizes
    }

    @Test("the aspect-ratio article's logSizes at 400 × 300: what each point is proposed and what it chooses")
    func logSizes() throws {
        let root = try Self.root()
        defer { try? FileManager.default.removeItem(at: root) }
        let size = ["--pw", "400", "--ph", "300"]
        // aspectRatio(2, .fit) offers its child 400 × 200, and takes that size.
        let fit = Self.logged(try Self.plan("015-otus-logsizes-fit", root: root, size))
        #expect(fit["Ratio"]?.proposed == [400, 300] && fit["Ratio"]?.size == [400, 200])
        #expect(fit["Image"]?.proposed == [400, 200] && fit["Image"]?.size == [400, 200])
        // aspectRatio(contentMode: .fill) uses the owl's own 3 : 4, filling 400 wide: 533.33 high.
        let fill = Self.logged(try Self.plan("016-otus-logsizes-fill", root: root, size))
        let tall = 400 * 4 / 3.0
        #expect(fill["Ratio"]?.proposed == [400, 300] && fill["Ratio"]?.size.first == 400)
        #expect(abs((fill["Ratio"]?.size.last ?? 0) - tall) < 1e-6)
        let proposedHeight = fill["Image"]?.proposed.last.flatMap { $0 } ?? 0
        #expect(fill["Image"]?.proposed.first == 400 && abs(proposedHeight - tall) < 1e-6)
        // The 1 : 1 ratio offers 300 × 300; the fixed frame answers 100 × 300, and the ratio is not enforced.
        let framed = Self.logged(try Self.plan("017-otus2-frame-then-ratio", root: root, size))
        #expect(framed["Outer Ratio"]?.proposed == [400, 300] && framed["Outer Ratio"]?.size == [100, 300])
        #expect(framed["Inner Ratio"]?.proposed == [300, 300] && framed["Inner Ratio"]?.size == [100, 300])
        #expect(framed["Image"]?.proposed == [100, 300] && framed["Image"]?.size == [100, 300])
    }
}
