import Foundation
import Logging
@testable import Service
import Testing

/// Nothing a client sends can forge a log line or a field: `LogLineHandler` escapes every message and
/// metadata value, in text and in JSON lines.
@Suite("log lines cannot be forged")
struct LogEscapingTests {
    static let forged = "w\n2026-11-27T00:00:00+0000 critical imgframe: [Service] FORGED=1"

    @Test("control characters, quotes, backslashes and line separators are escaped; plain text is kept")
    func escaped() {
        #expect(LogEscaping.escaped("GET /img/a.jpg?w=10 200") == "GET /img/a.jpg?w=10 200")
        #expect(LogEscaping.escaped(Self.forged) == "w\\n2026-11-27T00:00:00+0000 critical imgframe: [Service] FORGED=1")
        #expect(LogEscaping.escaped("a\r\tb\"c\\d\u{7F}e\u{85}f\u{2028}g\u{1B}[31m") == "a\\r\\tb\\\"c\\\\d\\u{7f}e\\u{85}f\\u{2028}g\\u{1b}[31m")
        #expect(LogEscaping.escaped(Logger.MetadataValue.array([.string("x\ny")])) == .array([.string("x\\ny")]))
    }

    @Test("a JSON line is one line whatever the message and metadata hold")
    func jsonLine() throws {
        let line = LogEscaping.jsonLine(
            time: Date(timeIntervalSince1970: 0), level: .info, label: "imgframe", source: "Service", message: Self.forged,
            metadata: ["url.path": .string("/img/\u{2028}x"), "n": .stringConvertible(3)])
        #expect(!line.contains("\n") && !line.contains("\u{2028}"), "\(line)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        #expect(object["message"] as? String == Self.forged)
        #expect(object["time"] as? String == "1970-01-01T00:00:00Z" && object["level"] as? String == "info")
        #expect((object["metadata"] as? [String: String])?["url.path"] == "/img/\u{2028}x")
    }
}
