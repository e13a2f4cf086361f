import Foundation
import Sources
import Testing

/// `SourceName`'s one rule, by itself and as `SourceDirectory` applies it before its `realpath` check.
@Suite("Source name rule")
struct SourceNameTests {
    @Test(
        "request paths decode segment by segment",
        arguments: [("a.png", "a.png"), ("sub/a%20b.png", "sub/a b.png"), ("caf%C3%A9.png", "café.png"), ("a+b.png", "a+b.png")])
    func decoding(_ raw: String, _ name: String) throws {
        #expect(try SourceName.decoding(requestPath: raw[...]) == name)
    }

    @Test(
        "every refused spelling is invalidName, in a request path",
        arguments: [
            "", "/a.png", "a//b.png", "a.png/", ".", "..", "../a.png", "a/../b.png", "%2e%2e/a.png", "a%2Fb.png", "a%5Cb.png", "a%00.png", "a\\b.png",
            "%zz", "%ff.png",
        ])
    func refusedPath(_ raw: String) {
        #expect(Self.isInvalidName { _ = try SourceName.decoding(requestPath: raw[...]) }, "\(raw)")
    }

    @Test(
        "every refused spelling is invalidName, in a decoded name",
        arguments: ["", "/a.png", "a//b.png", "./a.png", "a/..", "a\\b.png", "a\u{0}.png"])
    func refusedName(_ name: String) {
        #expect(Self.isInvalidName { try SourceName.check(name) }, "\(name)")
        let directory = SourceDirectory(root: FileManager.default.temporaryDirectory.path)
        #expect(Self.isInvalidName { _ = try directory.path(for: name) }, "\(name)")
    }

    @Test("a symlink out of the root is notFound, one inside it is followed")
    func symlinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-sources-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let root = folder.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try Data("x".utf8).write(to: folder.appendingPathComponent("secret.png"))
        try Data("x".utf8).write(to: root.appendingPathComponent("a.png"))
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("escape.png"), withDestinationURL: folder.appendingPathComponent("secret.png"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("out"), withDestinationURL: folder)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("inside.png"), withDestinationURL: root.appendingPathComponent("a.png"))
        let directory = SourceDirectory(root: root.path)
        #expect(throws: SourceError.notFound("escape.png")) { try directory.path(for: "escape.png") }
        #expect(throws: SourceError.notFound("out/secret.png")) { try directory.path(for: "out/secret.png") }
        #expect(throws: SourceError.notFound("missing.png")) { try directory.path(for: "missing.png") }
        #expect(try directory.path(for: "inside.png").hasSuffix("/root/a.png"))
    }

    private static func isInvalidName(_ body: () throws -> Void) -> Bool {
        do {
            try body()
        } catch SourceError.invalidName {
            return true
        } catch {}
        return false
    }
}
