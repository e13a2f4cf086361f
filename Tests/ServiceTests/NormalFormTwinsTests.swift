import Cache
import Foundation
import HTTPTestSupport
import Layout
import ServiceTestSupport
import Testing
import Vips
import VipsTestSupport

@testable import Service

#if canImport(Glibc)
    import Glibc
#endif

/// Source names are file names, and a file name is its bytes: `café.jpg` spelled with U+00E9 (NFC)
/// and with `e` + U+0301 (NFD) are two files, which Swift's `String ==` (canonical equivalence)
/// would take for one.
@Suite("NFC and NFD twins are two sources: their own pixels, ETags and memo entries")
struct NormalFormTwinsTests {
    static let composed = "caf\u{E9}.jpg"
    static let decomposed = "cafe\u{301}.jpg"
    /// The two spellings percent-encoded, as a client sends them.
    static let composedPath = "caf%C3%A9.jpg"
    static let decomposedPath = "cafe%CC%81.jpg"

    /// Writes `bytes` under the file name made of exactly `name`'s UTF-8 bytes (no normalisation).
    static func write(_ bytes: [UInt8], named name: String, in folder: URL) throws {
        let path = Array(folder.path.utf8) + Array("/".utf8) + Array(name.utf8) + [0]
        let fd = path.withUnsafeBufferPointer { $0.withMemoryRebound(to: CChar.self) { open($0.baseAddress!, O_WRONLY | O_CREAT | O_TRUNC, 0o644) } }
        try #require(fd >= 0)
        defer { close(fd) }
        #expect(bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count)
    }

    /// A fixture whose root holds a red `café.jpg` (NFC) and a blue one (NFD).
    static func twins(sourceCheck: Duration = .seconds(60)) throws -> ServiceFixture {
        let fixture = try ServiceFixture { $0.sourceCheck = sourceCheck }
        try write(try VImage.constant(width: 64, height: 48, color: [255, 0, 0]).jpeg(quality: 95), named: composed, in: fixture.root)
        try write(try VImage.constant(width: 64, height: 48, color: [0, 0, 255]).jpeg(quality: 95), named: decomposed, in: fixture.root)
        let names = try FileManager.default.contentsOfDirectory(atPath: fixture.root.path).filter { $0.hasSuffix(".jpg") && $0.hasPrefix("caf") }
        try #require(names.count == 2, "the file system keeps both spellings")
        return fixture
    }

    @Test("NFC and NFD twins each get their own pixels and ETag, in either order, within source_check", arguments: [false, true])
    func twinFiles(decomposedFirst: Bool) throws {
        let fixture = try Self.twins()
        let order = decomposedFirst ? [Self.decomposedPath, Self.composedPath] : [Self.composedPath, Self.decomposedPath]
        var answers: [String: (etag: String?, pixel: [Int])] = [:]
        for path in order {
            let response = try fixture.get("/img/\(path)?w=50&fmt=png")
            #expect(response.status == 200, "\(path)")
            answers[path] = (response.header("ETag"), try ViewSugarRouteTests.pixel(response.body, 25, 18))
        }
        let red = try #require(answers[Self.composedPath]), blue = try #require(answers[Self.decomposedPath])
        #expect(red.etag != blue.etag)
        #expect(red.pixel[0] > 200 && red.pixel[2] < 60, "NFC café.jpg is red, got \(red.pixel)")
        #expect(blue.pixel[2] > 200 && blue.pixel[0] < 60, "NFD café.jpg is blue, got \(blue.pixel)")
    }

    @Test("the identity memo tells canonical forms apart by bytes")
    func memo() {
        let memo = IdentityMemo(validity: .seconds(60))
        let composed = IdentityMemo.Key(canonical: ByteKey("chain=Image(\"\(Self.composed)\")"), formats: [])
        let decomposed = IdentityMemo.Key(canonical: ByteKey("chain=Image(\"\(Self.decomposed)\")"), formats: [])
        memo.remember(composed, IdentityMemo.Identity(key: CacheKey(material: "a"), etag: "\"a\""))
        #expect(memo.recent(decomposed) == nil)
        #expect(memo.recent(composed)?.etag == "\"a\"")
    }
}
