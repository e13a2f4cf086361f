import Foundation
import HTTPTestSupport
import Testing

/// What drawing text may cost the process, against the real binary: glyph images are counted in
/// the render budget, so huge glyphs are refused before cairo rasterises (and keeps) them, and a
/// long word costs layout time in proportion to its length, with a cap on template values.
@Suite("text cost", .serialized)
struct TextCostTests {
    static func get(_ server: ServeProcess, _ target: String) throws -> RawClient.Response {
        let client = try RawClient(port: server.port, timeout: 60)
        try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
        return try client.readResponse()
    }

    static func chain(_ text: String) -> String {
        "/img/dot_green.png?fmt=png&chain=" + (text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text)
    }

    /// 144 distinct emoji (two blocks of the Emoji presentation).
    static let emoji = String(
        String.UnicodeScalarView((0x1F600..<0x1F650).compactMap(Unicode.Scalar.init) + (0x1F680..<0x1F6C0).compactMap(Unicode.Scalar.init)))

    @Test("an 8000-point emoji and 144 distinct 1000-point emoji are refused up front; memory stays near its baseline")
    func glyphMemoryIsBudgeted() throws {
        let server = try ServeProcess()
        _ = try server.waitUntilListening()
        let pid = server.process.processIdentifier
        #expect(try Self.get(server, Self.chain(#"Text("warm").frame(width:100,height:100)"#)).status == 200)
        let baseline = HostileInputTests.memory(pid)
        let requests = [
            #"Text("😀").font(.system(size:8000)).fixedSize().frame(width:100,height:100)"#,
            "Text(\"\(Self.emoji)\").font(.system(size:1000)).frame(width:12100,height:15000).frame(width:100,height:100).clipped()",
            "Text(\"\(Self.emoji.prefix(72))\").font(.system(size:1000)).frame(width:12100,height:7500).frame(width:100,height:100).clipped()",
        ]
        for request in requests {
            let response = try Self.get(server, Self.chain(request))
            #expect(response.status == 400, "\(response.status) \(response.text)")
            #expect(response.text.contains("glyph images of a Text"), "\(response.text)")
        }
        // Moderate emoji still render.
        #expect(
            try Self.get(server, Self.chain("Text(\"\(Self.emoji.prefix(12))\").font(.system(size:60)).frame(width:200,height:200)")).status == 200)
        #expect(
            HostileInputTests.memory(pid, "VmHWM") <= baseline + 512 * 1024,
            "peak \(HostileInputTests.memory(pid, "VmHWM")) KiB, baseline \(baseline) KiB")
        #expect(HostileInputTests.memory(pid) <= baseline + 64 * 1024, "now \(HostileInputTests.memory(pid)) KiB, baseline \(baseline) KiB")
    }

    @Test("large text in 20 new sizes leaves no glyph images behind: it is filled as outlines")
    func largeTextLeavesNoGlyphImages() throws {
        let server = try ServeProcess()
        _ = try server.waitUntilListening()
        let pid = server.process.processIdentifier
        #expect(try Self.get(server, Self.chain(#"Text("Hamburgefonstiv").font(.system(size:12)).fixedSize()"#)).status == 200)
        let baseline = HostileInputTests.memory(pid)
        for size in 300..<320 {
            let request = #"Text("Hamburgefonstiv").font(.system(size:\#(size))).fixedSize().frame(width:100,height:100).clipped()"#
            #expect(try Self.get(server, Self.chain(request)).status == 200)
        }
        // Drawn from glyph images, cairo kept 27 MiB of them after these 20 requests; as outlines, 8.
        let now = HostileInputTests.memory(pid)
        #expect(now <= baseline + 18 * 1024, "now \(now) KiB, baseline \(baseline) KiB")
    }

    @Test("a 2,000-letter word in a template lays out; a value past the cap is a 400 naming the parameter")
    func longWords() throws {
        let server = try ServeProcess(["--templates", HostileInputTests.samples.appendingPathComponent("templates").path])
        _ = try server.waitUntilListening()
        let long = try Self.get(server, "/view/award?fmt=png&date=1&name=" + String(repeating: "a", count: 2000))
        #expect(long.status == 200)
        #expect(long.header("Content-Type") == "image/png")
        let tooLong = try Self.get(server, "/view/award?fmt=png&date=1&name=" + String(repeating: "a", count: 2049))
        #expect(tooLong.status == 400)
        #expect(tooLong.text.contains("`name` is 2049 characters long"), "\(tooLong.text)")
    }
}
