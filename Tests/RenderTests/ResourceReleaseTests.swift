import Foundation
import Render
import Testing

/// A render lets go of everything it used when it returns: a render deadline's timer must not keep
/// the pipeline (and with it the source's descriptor and decoder state) alive until it would fire.
@Suite("render: resources released")
struct ResourceReleaseTests {
    /// Descriptors of this process open on `path`.
    static func openDescriptors(on path: String) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
        return entries.filter { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == path }.count
    }

    @Test("no descriptor of the source stays open after renders with a deadline", arguments: ["w=20&fmt=jpeg", "w=20&fmt=png", "w=20"])
    func descriptorsClosed(_ query: String) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        var limits = RenderLimits()
        limits.timeout = .seconds(30)
        for _ in 0..<5 { #expect(try folder.failure("q.png", query, limits: limits) == nil) }
        let path = folder.url.appendingPathComponent("q.png").resolvingSymlinksInPath().path
        #expect(Self.openDescriptors(on: path) == 0)
    }
}
