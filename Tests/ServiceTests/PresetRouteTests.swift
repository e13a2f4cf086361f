import Foundation
import HTTPTestSupport
@testable import Service
import ServiceTestSupport
import Testing

/// `preset=` on a real server: presets from the configuration (through the loader, as `serve`
/// reads them), rendered to real pixels, sharing the cache entry and ETag of the query they stand
/// for; `presets_only` refusing everything else with 403; signatures over the URL as written.
@Suite("presets: preset= and presets_only")
struct PresetRouteTests {
    static let presets = "thumb: w=300&h=300&mode=fill; small: w=40&h=30&mode=fill&fmt=png; png: fmt=png"
    static let key = "preset-route-suite-key-of-32-bytes"

    /// A server with `presets` (and `presets_only`, signing when asked) and the `card` template.
    static func fixture(only: Bool = false, signed: Bool = false) throws -> ServiceFixture {
        let loaded = try ConfigurationLoader.load(file: nil, environment: [:], flags: [("presets", presets), ("presets_only", String(only))])
        let fixture = try ServiceFixture { configuration in
            configuration.presets = loaded.presets
            configuration.presetsOnly = loaded.presetsOnly
            if signed { configuration.signingKeys = [key] }
        }
        try ViewTemplateRouteTests.write("card", ViewTemplateRouteTests.card, in: fixture)
        return fixture
    }

    @Test("preset=thumb answers the preset's pixel size; an explicit w= wins over the preset's")
    func presetSize() throws {
        let fixture = try Self.fixture()
        let thumb = try fixture.get("/img/landscape_4.jpg?preset=thumb&fmt=png")
        #expect(thumb.status == 200 && thumb.header("Content-Type") == "image/png", "\(thumb.text)")
        #expect(try ViewTemplateRouteTests.size(thumb.body) == (300, 300))
        let narrower = try fixture.get("/img/landscape_4.jpg?preset=thumb&w=200&fmt=png")
        #expect(narrower.status == 200, "\(narrower.text)")
        #expect(try ViewTemplateRouteTests.size(narrower.body) == (200, 300))
        // Several presets, left to right: small's size and format over thumb's.
        let small = try fixture.get("/img/landscape_4.jpg?preset=thumb:small")
        #expect(small.status == 200 && small.header("Content-Type") == "image/png", "\(small.text)")
        #expect(try ViewTemplateRouteTests.size(small.body) == (40, 30))
    }

    @Test("a preset URL and its spelled-out query are one image: one ETag, one cache entry, 304 across spellings")
    func sameImage() throws {
        let fixture = try Self.fixture()
        let preset = try fixture.get("/img/landscape_4.jpg?preset=small")
        #expect(preset.status == 200 && preset.header("X-Cache") == "MISS", "\(preset.text)")
        let spelled = try fixture.get("/img/landscape_4.jpg?w=40&h=30&mode=fill&fmt=png")
        #expect(spelled.status == 200 && spelled.header("X-Cache") == "HIT" && spelled.body == preset.body)
        let etag = try #require(preset.header("ETag"))
        #expect(spelled.header("ETag") == etag)
        #expect(try fixture.get("/img/landscape_4.jpg?w=40&h=30&mode=fill&fmt=png", headers: ["If-None-Match: \(etag)"]).status == 304)
        // An explicit parameter that changes the image changes the ETag.
        #expect(try fixture.get("/img/landscape_4.jpg?preset=small&w=41").header("ETag") != etag)
    }

    @Test("an unknown preset is 400 naming `preset`, listing the defined presets with a guess; /info/ takes none")
    func unknownPreset() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/img/landscape_4.jpg?preset=thum")
        #expect(response.status == 400 && response.json["param"] == "preset", "\(response.text)")
        #expect(response.json["error"] == "unknown preset `thum`; defined presets: thumb, small, png; did you mean `thumb`?")
        // /info/ transforms nothing, so it takes no preset.
        let info = try fixture.get("/info/landscape_4.jpg?preset=thumb")
        #expect(info.status == 400 && info.json["param"] == "preset" && info.text.contains("unknown parameter `preset`"), "\(info.text)")
        // A server without presets says it has none.
        let bare = try ServiceFixture()
        let none = try bare.get("/img/landscape_4.jpg?preset=thumb")
        #expect(none.status == 400 && none.text.contains("defines no presets"), "\(none.text)")
    }

    @Test("/view/ takes renderer options from a preset; a preset that sets layout is refused there")
    func templatePreset() throws {
        let fixture = try Self.fixture()
        let card = try fixture.get("/view/card?name=Ana&preset=png")
        #expect(card.status == 200 && card.header("Content-Type") == "image/png", "\(card.text)")
        #expect(try ViewTemplateRouteTests.size(card.body) == (160, 90))
        #expect(try fixture.get("/view/card?name=Ana&fmt=png").header("ETag") == card.header("ETag"))
        let layout = try fixture.get("/view/card?name=Ana&preset=thumb")
        #expect(layout.status == 400 && layout.json["param"] == "preset" && layout.text.contains("preset `thumb` sets `w`"), "\(layout.text)")
    }

    @Test(
        "presets_only refuses every parameter of the request's own, a chain and a bare image with 403 listing the presets",
        arguments: [
            "/img/landscape_4.jpg?w=300", "/img/landscape_4.jpg?chain=resizable().frame(width:300)", "/img/landscape_4.jpg?preset=thumb&w=300",
            "/img/landscape_4.jpg?preset=thumb&fmt=webp", "/img/landscape_4.jpg", "/img/landscape_4.jpg?v=2", "/view/card?name=Ana&fmt=png",
            "/view/card?name=Ana&preset=png&scale=2",
        ])
    func presetsOnlyRefuses(_ target: String) throws {
        let fixture = try Self.fixture(only: true)
        let response = try fixture.get(target)
        #expect(response.status == 403, "\(target): \(response.status) \(response.text)")
        #expect(
            response.text.contains("this server answers only presets") && response.text.contains("preset=thumb, preset=small, preset=png"),
            "\(response.text)")
    }

    @Test("presets_only answers presets, with sig, exp and dl beside them; templates keep their parameters; /info/ is unchanged")
    func presetsOnlyAnswers() throws {
        let fixture = try Self.fixture(only: true)
        let thumb = try fixture.get("/img/landscape_4.jpg?preset=thumb")
        #expect(thumb.status == 200, "\(thumb.text)")
        #expect(try ViewTemplateRouteTests.size(thumb.body) == (300, 300))
        let download = try fixture.get("/img/landscape_4.jpg?preset=small&dl=1")
        #expect(download.status == 200 && download.header("Content-Disposition")?.hasPrefix("attachment") == true, "\(download.text)")
        let card = try fixture.get("/view/card?name=Ana&preset=png")
        #expect(card.status == 200 && card.header("Content-Type") == "image/png", "\(card.text)")
        #expect(try fixture.get("/info/landscape_4.jpg").status == 200)
    }

    @Test("presets_only takes v= only in a signed URL: unsigned, each v would be another URL for a CDN to fetch")
    func presetsOnlyVersion() throws {
        let unsigned = try Self.fixture(only: true)
        for target in ["/img/landscape_4.jpg?preset=small&v=2", "/view/card?name=Ana&preset=png&v=2"] {
            let refused = try unsigned.get(target)
            #expect(refused.status == 403 && refused.text.contains("`v` needs a signed URL"), "\(target): \(refused.text)")
        }
        let signed = try Self.fixture(only: true, signed: true)
        let signer = URLSigner(keys: [Self.key])
        let first = try signed.get(signer.sign("/img/landscape_4.jpg?preset=small&v=1"))
        let second = try signed.get(signer.sign("/img/landscape_4.jpg?preset=small&v=2"))
        #expect(first.status == 200 && second.status == 200 && first.body == second.body, "\(second.text)")
        #expect(first.header("ETag") != second.header("ETag"))
        #expect(signed.service.statistics.renders == 1 && signed.cacheFiles.count == 1)
    }

    @Test("a signed preset URL verifies as written; naming another preset breaks the signature")
    func signedPreset() throws {
        let fixture = try Self.fixture(signed: true)
        let signed = URLSigner(keys: [Self.key]).sign("/img/landscape_4.jpg?preset=small")
        let response = try fixture.get(signed)
        #expect(response.status == 200 && response.header("Content-Type") == "image/png", "\(response.text)")
        #expect(try ViewTemplateRouteTests.size(response.body) == (40, 30))
        let swapped = signed.replacingOccurrences(of: "preset=small", with: "preset=thumb")
        #expect(swapped != signed)
        #expect(try fixture.get(swapped).status == 403)
        // The spelled-out query is another URL, which this signature does not cover.
        let sig = try #require(signed.split(separator: "&").last)
        #expect(try fixture.get("/img/landscape_4.jpg?w=40&h=30&mode=fill&fmt=png&" + sig).status == 403)
    }

    @Test("a bad preset stops loading, naming the preset, the key and the line")
    func badPresetStopsStartup() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-presets-\(UUID().uuidString).conf")
        try "port = 0\npresets = thumb: w=300&h=300&mode=fill; broken: w=10&mode=cover\n".write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: file.path, environment: [:], flags: []) }
        let message = fromFile?.description ?? ""
        #expect(message.contains("`presets`") && message.contains("line 2") && message.contains("preset `broken`: `mode` must be"), "\(message)")
        let cases: [(environment: [String: String], flags: [(String, String)], named: String)] = [
            (["IMGFRAME_PRESETS": "Big: w=1"], [], "preset name `Big`"), (["IMGFRAME_PRESETS": "a: w=1&sig=x"], [], "preset `a` sets `sig`"),
            (["IMGFRAME_PRESETS": "a: width=1"], [], "preset `a`: unknown parameter `width`"),
            // The final limits apply, whichever line set them.
            ([:], [("presets", "long: chain=resizable().frame(width:300)"), ("limits.chain_length", "10")], "preset `long`"),
            // presets_only with no presets would refuse every request.
            ([:], [("presets_only", "true")], "`presets_only`"),
        ]
        for (environment, flags, named) in cases {
            let error = #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: nil, environment: environment, flags: flags) }
            #expect(error?.description.contains(named) == true, "\(String(describing: error)) should name \(named)")
        }
        let loaded = try ConfigurationLoader.load(
            file: nil, environment: ["IMGFRAME_PRESETS": Self.presets, "IMGFRAME_PRESETS_ONLY": "true"], flags: [])
        #expect(loaded.presets.names == ["thumb", "small", "png"] && loaded.presetsOnly)
    }
}
