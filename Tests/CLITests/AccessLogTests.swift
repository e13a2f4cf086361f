import Foundation
import HTTPTestSupport
import Testing

/// The access log of `imgframe serve`: one short line per request, the URL once, and a refused
/// request's reason on its line.
@Suite("access log lines")
struct AccessLogTests {
    @Test("a 200 is one short line; a 400 carries its reason; nothing repeats the URL")
    func lines() throws {
        let server = try ServeProcess()
        _ = try server.waitUntilListening()
        for target in ["/img/landscape_4.jpg?w=30&fmt=png", "/img/landscape_4.jpg?w=abc", "/img/landscape_4.jpg?w=30&bg="] {
            let client = try RawClient(port: server.port)
            try client.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
            _ = try client.readResponse()
            #expect(server.waitForLog("GET \(target) "), "\(server.log)")
        }
        let lines = server.log.split(separator: "\n").filter { $0.contains("GET /img/") }
        let ok = try #require(lines.first { $0.contains("w=30&fmt=png 200") })
        #expect(ok.count < 200 && ok.components(separatedBy: "landscape_4.jpg").count == 2, "\(ok)")
        let refused = try #require(lines.first { $0.contains("w=abc 400") })
        #expect(refused.contains("(w: `w` must be a number of points > 0"), "\(refused)")
        // A long reason is cut: the line stays short.
        let long = try #require(lines.first { $0.contains("bg= 400") })
        #expect(long.contains("(bg: `bg` must be a colour name") && long.hasSuffix("…)") && long.count < 400, "\(long)")
        server.terminate()
        _ = server.waitForExit()
    }
}
