import Sources
import Foundation
import Layout
import Testing

@testable import Render

#if canImport(Glibc)
    import Glibc
#endif

/// Names are compared by their bytes: `café` in NFC (U+00E9) and in NFD (`e` + U+0301) are two
/// files on Linux, which `String ==` and `hasPrefix` (canonical equivalence) take for one.
@Suite("render: Image references and the root tell NFC and NFD names apart")
struct NormalFormReferenceTests {
    @Test("Image(\"café\") in NFC and in NFD are two image references")
    func imageRefs() {
        let refs: Set<ImageRef> = [.named("caf\u{E9}.jpg"), .named("cafe\u{301}.jpg"), .named("caf\u{E9}.jpg")]
        #expect(refs.count == 2)
        #expect(ImageRef.named("caf\u{E9}.jpg") != .named("cafe\u{301}.jpg"))
    }

    @Test("a symlink to a sibling folder spelled like the root in another normal form is outside the root")
    func confinement() throws {
        let folder = try SourceFolder()
        let root = folder.url.appendingPathComponent("caf\u{E9}").path, sibling = folder.url.appendingPathComponent("cafe\u{301}").path
        #expect(mkdir(root, 0o755) == 0 && mkdir(sibling, 0o755) == 0)
        try #require(try FileManager.default.contentsOfDirectory(atPath: folder.url.path).count == 2, "the file system keeps both spellings")
        try folder.png("cafe\u{301}/secret.png", width: 4, height: 4) { _, _ in .red }
        try #require(access(sibling + "/secret.png", R_OK) == 0 && access(root + "/secret.png", F_OK) != 0)
        #expect(symlink(sibling + "/secret.png", root + "/escape.png") == 0)
        #expect(throws: SourceError.notFound("escape.png")) { try SourceDirectory(root: root).path(for: "escape.png") }
    }
}
