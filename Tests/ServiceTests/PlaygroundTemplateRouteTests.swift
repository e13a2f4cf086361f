import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

/// The playground's `/view` mode helpers: the templates with their parameters and defaults, and the
/// layout plan of a filled template.
@Suite("Playground: view templates")
struct PlaygroundTemplateRouteTests {
    static let card = """
        let greeting = "Hello"
        ZStack {
            Color.blue
            Text("\\(greeting), \\(name)!")
        }
        .frame(width: 160, height: 90)
        """

    static func fixture() throws -> ServiceFixture {
        let fixture = try ServiceFixture { $0.playground = true }
        for (name, text) in [("card", card), ("plain", "Color.red.frame(width: 10, height: 10)"), ("broken", "frame(width: 10)")] {
            try ViewTemplateRouteTests.write(name, text, in: fixture)
        }
        return fixture
    }

    @Test("templates: sorted names with each parameter in order and its default; a broken one says why")
    func templates() throws {
        let fixture = try Self.fixture()
        // Not listed: a hidden file, a name /view/ refuses, another extension, a link leading outside.
        try ViewTemplateRouteTests.write(".hidden", "Color.red.frame(width: 10, height: 10)", in: fixture)
        try ViewTemplateRouteTests.write("bad name", "Color.red.frame(width: 10, height: 10)", in: fixture)
        try Data("Color.red".utf8).write(to: fixture.templates.appendingPathComponent("notes.txt"))
        try Data("Color.red.frame(width: 10, height: 10)".utf8).write(to: fixture.outside.appendingPathComponent("secret.swift"))
        try FileManager.default.createSymbolicLink(
            at: fixture.templates.appendingPathComponent("escape.swift"), withDestinationURL: fixture.outside.appendingPathComponent("secret.swift"))
        let response = try fixture.get("/playground/templates")
        #expect(response.status == 200 && response.header("Content-Type") == "application/json")
        let json = try PlaygroundRouteTests.object(response)
        let templates = try #require(json["templates"] as? [[String: Any]])
        #expect(templates.map { $0["name"] as? String } == ["broken", "card", "plain"])
        let parameters = try #require(templates[1]["parameters"] as? [[String: String]])
        #expect(parameters == [["name": "greeting", "kind": "text", "default": "Hello"], ["name": "name", "kind": "text"]])
        #expect((templates[2]["parameters"] as? [Any])?.isEmpty == true)
        #expect((templates[0]["error"] as? String)?.contains("broken.swift") == true && templates[0]["parameters"] == nil)
        #expect(json["truncated"] as? Bool == false)
        #expect(!response.text.contains(fixture.folder.path))
    }

    @Test("view-plan: a template's `logSizes` points, with the size proposed to each and the size it chose")
    func loggedSizes() throws {
        let fixture = try Self.fixture()
        try ViewTemplateRouteTests.write("ratio", "Color.red.logSizes(\"Color\").aspectRatio(2, contentMode: .fit).logSizes(\"Ratio\")", in: fixture)
        let json = try PlaygroundRouteTests.object(try fixture.get("/playground/view-plan/ratio?pw=400&ph=300"))
        let logged = try #require(json["log_sizes"] as? [[String: Any]])
        #expect(logged.map { $0["label"] as? String } == ["Ratio", "Color"])
        #expect(logged[0]["proposed"] as? [Double] == [400, 300] && logged[0]["size"] as? [Double] == [400, 200])
        #expect(logged[1]["proposed"] as? [Double] == [400, 200] && logged[1]["size"] as? [Double] == [400, 200])
    }

    @Test("view-plan: the plan of the filled template, with its canonical form")
    func plan() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/playground/view-plan/card?name=Ana&scale=2")
        #expect(response.status == 200)
        let json = try PlaygroundRouteTests.object(response)
        #expect(json["root_size"] as? [Double] == [160, 90])
        #expect(json["canvas_px"] as? [Double] == [320, 180])
        #expect((json["canonical"] as? String)?.contains("Hello, Ana!") == true)
    }

    @Test(
        "view-plan: bad requests get the view route's JSON errors",
        arguments: [
            ("/playground/view-plan/card?name=Ana&w=10", 400), ("/playground/view-plan/card?name=Ana&scale=abc", 400),
            ("/playground/view-plan/missing", 404), ("/playground/view-plan/..%2Fescape", 400), ("/playground/view-plan/broken", 500),
            ("/playground/elsewhere", 404),
        ])
    func planErrors(target: String, status: Int) throws {
        let fixture = try Self.fixture()
        let response = try fixture.get(target)
        #expect(response.status == status, "\(target) → \(response.status)")
        #expect(response.header("Content-Type") == "application/json")
        #expect(!response.text.contains(fixture.folder.path))
    }

    @Test("off, or with signing on: neither helper is served")
    func notServed() throws {
        let off = try ServiceFixture()
        let signing = try ServiceFixture {
            $0.playground = true
            $0.signingKeys = ["k"]
        }
        for fixture in [off, signing] {
            for target in ["/playground/templates", "/playground/view-plan/card?name=Ana"] {
                #expect(try fixture.get(target).status == 404)
            }
        }
    }
}
