import Sources
import Foundation
import Vips

@testable import Render
import Testing

/// A corrupt source is the request's fault (422) whichever libvips thread notices it first and
/// whatever the encoder says about it: the verdict comes from the source, not from libvips's text.
@Suite("render: a corrupt source's verdict")
struct CorruptSourceVerdictTests {
    /// Every bitmap format at a size libvips computes with several threads.
    static let queries = ["jpeg", "png", "webp", "avif"].flatMap { format in ["w=2000&fmt=\(format)", "w=300&h=300&mode=fill&fmt=\(format)"] }

    @Test("a JPEG cut short of its claimed size is undecodable for every output format", arguments: queries)
    func truncatedEveryFormat(_ query: String) throws {
        let folder = try SourceFolder()
        try folder.write("cut.jpg", bytes: try SourceFileTests.truncatedJPEG())
        for _ in 0..<5 {
            let error = try folder.failure("cut.jpg", query)
            guard case .undecodable("cut.jpg", _) = error else {
                Issue.record("\(query): \(String(describing: error))")
                return
            }
        }
    }

    @Test("the verdict comes from the source's own decode, whatever libvips's message says")
    func verdictIgnoresText() throws {
        let folder = try SourceFolder()
        try folder.write("cut.jpg", bytes: try SourceFileTests.truncatedJPEG())
        try folder.png("fine.png", width: 8, height: 8) { _, _ in .red }
        let directory = SourceDirectory(root: folder.url.path)
        func source(_ name: String) throws -> SourceImage {
            try SourceImage(name: name, file: try directory.file(named: name), limits: RenderLimits())
        }
        let saver = VipsError(operation: "encode", message: "jpegsave: out of order read")
        let loader = VipsError(operation: "encode", message: "jpegload: Premature end of JPEG file; VipsJpeg: read error")
        guard
            case .undecodable("cut.jpg", _) = SourceImage.verdict(on: saver, sources: [try source("fine.png"), try source("cut.jpg")], deadline: nil)
        else {
            Issue.record("a truncated source is undecodable even when the encoder's message came first")
            return
        }
        guard case .internalFailure = SourceImage.verdict(on: loader, sources: [try source("fine.png")], deadline: nil) else {
            Issue.record("a source that decodes is not blamed, whatever the message says")
            return
        }
    }
}
