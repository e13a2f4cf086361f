import Foundation
import Hashing
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

@Suite("Playground at /")
struct PlaygroundRouteTests {
    static func object(_ response: RawClient.Response) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(response.body)) as? [String: Any])
    }

    @Test("off (the default): / and /playground/ answer the JSON 404")
    func off() throws {
        let fixture = try ServiceFixture()
        for target in ["/", "/playground/sources", "/playground/plan/landscape_4.jpg?w=10"] {
            let response = try fixture.get(target)
            #expect(response.status == 404)
            #expect(response.header("Content-Type") == "application/json")
        }
    }

    @Test("on: / is one self-contained HTML page whose CSP allows its inline script and style by hash only")
    func page() throws {
        let fixture = try ServiceFixture { $0.playground = true }
        let response = try fixture.get("/")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "text/html; charset=utf-8")
        let policy = try #require(response.header("Content-Security-Policy"))
        #expect(policy.hasPrefix("default-src 'none'; "))
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"))
        let html = response.text
        for (tag, directive) in [("script", "script-src"), ("style", "style-src")] {
            let block = try #require(
                html.range(of: "<\(tag)>").flatMap { open in
                    html.range(of: "</\(tag)>", range: open.upperBound..<html.endIndex).map { String(html[open.upperBound..<$0.lowerBound]) }
                })
            let digest = Data(SHA256.hash(block)).base64EncodedString()
            #expect(policy.contains("\(directive) 'sha256-\(digest)'"))
        }
        // No external assets: nothing is loaded from another origin.
        #expect(!html.contains("http://") || html.components(separatedBy: "http://").dropFirst().allSatisfy { $0.hasPrefix("www.w3.org/2000/svg") })
        #expect(!html.contains("https://"))
        #expect(try fixture.get("/", method: "DELETE").status == 405)
    }

    @Test("sources: image names only, sorted, without hidden files, symlinks or anything outside the root")
    func sources() throws {
        let fixture = try ServiceFixture { $0.playground = true }
        try Data().write(to: fixture.root.appendingPathComponent(".hidden.png"))
        try FileManager.default.createDirectory(at: fixture.root.appendingPathComponent(".git"), withIntermediateDirectories: true)
        try Data().write(to: fixture.root.appendingPathComponent(".git/x.png"))
        try Data().write(to: fixture.root.appendingPathComponent("notes.txt"))
        let response = try fixture.get("/playground/sources")
        #expect(response.status == 200 && response.header("Content-Type") == "application/json")
        let json = try Self.object(response)
        let names = try #require(json["sources"] as? [String])
        // escape.png and outdir/ lead outside; inside.png is a link too: links are never listed.
        #expect(names == ["dot_green.png", "landscape_4.jpg", "sub/dot.png", "text.jpg", "truncated.jpg"])
        #expect(json["truncated"] as? Bool == false)
        #expect(!response.text.contains(fixture.root.path))
    }

    @Test("sources: at most the limit, breadth first, flagged as truncated")
    func sourcesLimit() throws {
        let fixture = try ServiceFixture { $0.playground = true }
        let listing = try #require(try Self.object(fixture.get("/playground/sources"))["sources"] as? [String])
        #expect(listing.count == 5)
        // The type is internal; its bound shows through the endpoint's `truncated` flag on a big root.
        for index in 0..<(Limits.playgroundSources + 5) {
            try Data().write(to: fixture.root.appendingPathComponent("many-\(index).png"))
        }
        let json = try Self.object(fixture.get("/playground/sources"))
        #expect((json["sources"] as? [String])?.count == Limits.playgroundSources)
        #expect(json["truncated"] as? Bool == true)
    }

    @Test("plan: the JSON `imgframe plan` prints, with the canonical form, for a chain")
    func plan() throws {
        let fixture = try ServiceFixture { $0.playground = true }
        let chain = "resizable().scaledToFill().frame(width:300,height:200).clipped()"
        let encoded = chain.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "().")))!
        let response = try fixture.get("/playground/plan/landscape_4.jpg?chain=\(encoded)")
        #expect(response.status == 200)
        let json = try Self.object(response)
        #expect(json["source"] as? String == "landscape_4.jpg")
        #expect((json["canonical"] as? String)?.contains("frame(width:300,height:200)") == true)
        #expect(json["root_size"] as? [Double] == [300, 200])
        #expect(json["canvas_px"] as? [Double] == [300, 200])
        let images = try #require(json["images"] as? [[String: Any]])
        #expect(images.count == 1 && images[0]["clip_rect"] as? [Double] == [0, 0, 300, 200])
    }

    @Test(
        "plan: bad requests get the image route's JSON errors",
        arguments: [
            ("/playground/plan/landscape_4.jpg?w=abc", [400]), ("/playground/plan/../etc/passwd?w=10", [400]),
            ("/playground/plan/missing.jpg?w=10", [404]), ("/playground/plan/escape.png?w=10", [400, 404]),
        ])
    func planErrors(target: String, statuses: [Int]) throws {
        let fixture = try ServiceFixture { $0.playground = true }
        let response = try fixture.get(target)
        #expect(statuses.contains(response.status), "\(target) → \(response.status)")
        #expect(response.header("Content-Type") == "application/json")
        #expect(!response.text.contains(fixture.root.path))
    }

    @Test("with signing on, / explains signing (no script) and the helpers are not served")
    func signing() throws {
        let fixture = try ServiceFixture {
            $0.playground = true
            $0.signingKeys = ["k"]
        }
        let page = try fixture.get("/")
        #expect(page.status == 200 && page.text.contains("imgframe sign"))
        #expect(!page.text.contains("<script"))
        #expect(page.header("Content-Security-Policy")?.contains("script-src") == false)
        #expect(try fixture.get("/playground/sources").status == 404)
        #expect(try fixture.get("/img/landscape_4.jpg?w=10").status == 403)
    }
}
