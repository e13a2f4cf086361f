import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

/// `GET /view/{template}` on a real server: templates written to the fixture's templates folder,
/// rendered to real pixels, with the `/img` behaviour (ETag, 304, cache, `fmt=auto`, signing, metrics).
@Suite("GET /view: templates")
struct ViewTemplateRouteTests {
    /// 160×90: a blue card with a greeting.
    static let card = """
        // A greeting card.
        ZStack {
            Color.blue
            Text("Hello, \\(name)!")
                .font(.system(size: 20, weight: .bold))
                .foregroundStyle(.white)
        }
        .frame(width: 160, height: 90)
        """

    /// 80×100: an image from the root in a circle over a caption.
    static let badge = """
        VStack(spacing: 4) {
            Image("dot_green.png").resizable().scaledToFill().frame(width: 60, height: 60).clipShape(Circle())
            Text("\\(label)").font(.system(size: 12))
        }
        .padding(8)
        .frame(width: 80, height: 100)
        .background(LinearGradient(colors: [.white, .gray], startPoint: .top, endPoint: .bottom))
        """

    static func fixture(_ configure: (inout ServiceConfiguration) -> Void = { _ in }) throws -> ServiceFixture {
        let fixture = try ServiceFixture(configure)
        try write("card", card, in: fixture)
        try write("badge", badge, in: fixture)
        return fixture
    }

    static func write(_ name: String, _ text: String, in fixture: ServiceFixture) throws {
        try Data(text.utf8).write(to: fixture.templates.appendingPathComponent(name + ".swift"))
    }

    static func size(_ body: [UInt8]) throws -> (Int, Int) {
        let image = try VImage.decode(body)
        return (image.width, image.height)
    }

    @Test("renders the filled template with its type and size; the second request is a cache hit; If-None-Match → 304")
    func rendersAndCaches() throws {
        let fixture = try Self.fixture()
        let target = "/view/card?name=Ana&fmt=png"
        let first = try fixture.get(target)
        #expect(first.status == 200 && first.header("Content-Type") == "image/png" && first.header("X-Cache") == "MISS", "\(first.text)")
        #expect(try Self.size(first.body) == (160, 90))
        let second = try fixture.get(target)
        #expect(second.status == 200 && second.header("X-Cache") == "HIT" && second.body == first.body)
        let etag = try #require(first.header("ETag"))
        #expect(second.header("ETag") == etag)
        let revalidated = try fixture.get(target, headers: ["If-None-Match: \(etag)"])
        #expect(revalidated.status == 304 && revalidated.body.isEmpty)
        // Another value is another image; renderer options apply.
        #expect(try fixture.get("/view/card?name=Bo&fmt=png").header("ETag") != etag)
        #expect(try Self.size(fixture.get("/view/card?name=Ana&fmt=png&scale=2").body) == (320, 180))
        let badge = try fixture.get("/view/badge?label=Dot&fmt=png&dpr=2")
        #expect(try badge.status == 200 && Self.size(badge.body) == (160, 200), "\(badge.text)")
    }

    @Test(
        "values are text, never code: quotes, parentheses, interpolations, `;` and line breaks render as text",
        arguments: [
            "%22)%3B%20Color.red.frame(width%3A%20999)%3B%20Text(%22", "%5C(name)", "a%3Bb%0Ac", "%22%5C%22)", "%2F%2F%20comment",
        ])
    func valuesAreText(_ value: String) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/view/card?name=\(value)&fmt=png")
        #expect(response.status == 200, "\(response.text)")
        #expect(try Self.size(response.body) == (160, 90))
        #expect(response.header("ETag") != (try fixture.get("/view/card?name=x&fmt=png").header("ETag")))
    }

    @Test(
        "a missing or unknown parameter is a 400 naming it",
        arguments: [
            ("/view/card", "name", "needs the parameter `name`"),
            ("/view/card?fmt=png", "name", "needs the parameter `name`"),
            ("/view/card?name=A&title=B", "title", "its parameters: `name`"),
            ("/view/card?name=A&w=10", "w", "unknown parameter `w`"),
            ("/view/card?name=A&name=B", "name", "more than once"),
            ("/view/card?name=A&fmt=bmp", "fmt", "`fmt` must be one of"),
        ])
    func parameterErrors(_ target: String, _ param: String, _ message: String) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get(target)
        #expect(response.status == 400 && response.json["param"] == param && response.json["error"]?.contains(message) == true, "\(response.text)")
    }

    @Test(
        "unknown templates are 404; names that could leave the folder are refused",
        arguments: [
            ("/view/nothing", 404), ("/view/..", 400), ("/view/..%2Foutside%2Fsecret", 400), ("/view/card.swift", 400),
            ("/view/sub/card", 400), ("/view/%2e%2e", 400), ("/view/", 400), ("/view/escape", 404),
        ])
    func namesAreConfined(_ target: String, _ status: Int) throws {
        let fixture = try Self.fixture()
        try Self.write("secret", Self.card, in: fixture)
        try FileManager.default.moveItem(
            at: fixture.templates.appendingPathComponent("secret.swift"), to: fixture.outside.appendingPathComponent("secret.swift"))
        // A symlink out of the folder is not followed.
        try FileManager.default.createSymbolicLink(
            at: fixture.templates.appendingPathComponent("escape.swift"), withDestinationURL: fixture.outside.appendingPathComponent("secret.swift"))
        let response = try fixture.get(target + (target.contains("?") ? "&" : "?") + "name=A")
        #expect(response.status == status && response.json["param"] == "template", "\(target): \(response.status) \(response.text)")
    }

    @Test("a broken template is a 500 naming the file, line and parser message; fixing the file takes effect, and changes the cache key")
    func brokenAndEdited() throws {
        // Every request looks at the file (by default what a URL resolved to is trusted for a second).
        let fixture = try Self.fixture { $0.sourceCheck = .zero }
        try Self.write("edit", "ZStack {\n    Color.red\n    Text(\"\\(name)\").frame(width: )\n}", in: fixture)
        let broken = try fixture.get("/view/edit?name=A")
        #expect(broken.status == 500 && broken.json["error"]?.contains("template `edit.swift` line 3") == true, "\(broken.text)")
        try Self.write("edit", "Color.red.frame(width: 30, height: 20).overlay { Text(\"\\(name)\") }", in: fixture)
        let fixed = try fixture.get("/view/edit?name=A&fmt=png")
        #expect(try fixed.status == 200 && Self.size(fixed.body) == (30, 20), "\(fixed.text)")
        try Self.write("edit", "Color.green.frame(width: 30, height: 20).overlay { Text(\"\\(name)\") }   ", in: fixture)
        let edited = try fixture.get("/view/edit?name=A&fmt=png")
        #expect(edited.status == 200 && edited.header("X-Cache") == "MISS" && edited.header("ETag") != fixed.header("ETag"))
    }

    @Test("fmt=auto negotiates with Accept and says Vary: Accept")
    func autoFormat() throws {
        let fixture = try Self.fixture()
        let webp = try fixture.get("/view/card?name=Ana", headers: ["Accept: image/webp"])
        #expect(webp.status == 200 && webp.header("Content-Type") == "image/webp" && webp.header("Vary") == "Accept")
        let plain = try fixture.get("/view/card?name=Ana")
        #expect(plain.status == 200 && plain.header("Content-Type") == "image/jpeg" && plain.header("ETag") != webp.header("ETag"))
    }

    @Test("with signing on, /view needs a valid, unexpired signature too")
    func signing() throws {
        let fixture = try Self.fixture { $0.signingKeys = ["key"] }
        let signer = URLSigner(keys: ["key"])
        #expect(try fixture.get("/view/card?name=Ana&fmt=png").status == 403)
        #expect(try fixture.get(signer.sign("/view/card?name=Ana&fmt=png")).status == 200)
        #expect(try fixture.get(signer.sign("/view/card?name=Ana&fmt=png").replacingOccurrences(of: "Ana", with: "Bob")).status == 403)
        #expect(try fixture.get(signer.sign("/view/card?name=Ana&fmt=png", expires: 1)).status == 403)
        #expect(try fixture.get(signer.sign("/view/card?name=Ana&fmt=png", expires: Int(Date().timeIntervalSince1970) + 60)).status == 200)
    }

    @Test("requests are counted under route=\"view\"")
    func metrics() throws {
        let fixture = try Self.fixture()
        _ = try fixture.get("/view/card?name=Ana&fmt=png")
        _ = try fixture.get("/view/nothing")
        let metrics = try fixture.get("/metrics").text
        #expect(metrics.contains("route=\"view\",status=\"200\"") && metrics.contains("route=\"view\",status=\"404\""))
    }

    @Test("an interpolation in an /img chain is a 400 that points to templates")
    func noInterpolationInChains() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/img/dot_green.png?chain=Text(%22%5C(name)%22)")
        #expect(response.status == 400 && response.json["error"]?.contains("view templates") == true, "\(response.text)")
    }

    @Test("what a URL resolved to is trusted for cache.source_check: an edit within it is not seen, after it is")
    func resolvedURLsAreRemembered() throws {
        let fixture = try Self.fixture { $0.sourceCheck = .seconds(60) }
        try Self.write("edit", "Color.red.frame(width: 30, height: 20)", in: fixture)
        let first = try fixture.get("/view/edit?fmt=png")
        #expect(first.status == 200)
        try Self.write("edit", "Color.green.frame(width: 40, height: 20)", in: fixture)
        let remembered = try fixture.get("/view/edit?fmt=png")
        #expect(remembered.header("ETag") == first.header("ETag") && remembered.header("X-Cache") == "HIT")
        // Another URL of the same template is resolved now, from the edited file.
        let other = try fixture.get("/view/edit?fmt=png&scale=1")
        #expect(try other.status == 200 && Self.size(other.body) == (40, 20), "\(other.text)")
    }
}
