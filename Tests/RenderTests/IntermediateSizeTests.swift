import Layout
import Render
import Testing
import TransformSpec

/// Images made on the way to a small output (a frame resampled before clipping, tiles, fills) are
/// checked against `maxIntermediateSide` before libvips sees them: libvips aborts the process on
/// sizes beyond its coordinate limit.
@Suite("render: intermediate image sizes")
struct IntermediateSizeTests {
    static func isTooLarge(_ error: RenderError?) -> Bool {
        if case .outputTooLarge(let reason) = error { return reason.contains("before clipping") }
        return false
    }

    @Test("a 900 000-pixel-wide frame clipped to 100×100 is refused, not an abort")
    func hugeFrameClipped() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 48, quadrant(64, 48))
        let error = try folder.failure(
            "q.png", "chain=resizable().frame(width:900000,height:10).frame(width:100,height:100,alignment:.trailing).clipped()&fmt=png")
        #expect(Self.isTooLarge(error), "\(String(describing: error))")
    }

    @Test("a 999 999-wide frame is too large, not a corrupt source", arguments: ["jpeg", "png"])
    func billionWide(_ format: String) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 48, quadrant(64, 48))
        let error = try folder.failure("q.png", "chain=resizable().frame(width:999999,height:10).frame(width:50,height:10).clipped()&fmt=\(format)")
        #expect(Self.isTooLarge(error), "\(String(describing: error))")
    }

    @Test(
        "fills, gradients and borders larger than the limit are refused before drawing",
        arguments: [
            "Color.red.frame(width:40000,height:10).frame(width:20,height:10).clipped()",
            "LinearGradient(colors:[.red,.blue],startPoint:.leading,endPoint:.trailing).frame(width:10,height:90000).frame(width:10,height:10).clipped()",
            "resizable().frame(width:50000,height:10).border(Color.blue,width:1).frame(width:10,height:10).clipped()",
        ])
    func shapes(_ chain: String) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 48, quadrant(64, 48))
        let error = try folder.failure("q.png", "chain=\(chain)&fmt=png")
        #expect(Self.isTooLarge(error), "\(String(describing: error))")
    }

    @Test("the limit is a setting: just under it still renders the visible part")
    func underTheLimit() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 48, quadrant(64, 48))
        var limits = RenderLimits()
        limits.maxIntermediateSide = 2000
        let spec = try TransformSpec.parse(
            source: "q.png", query: "chain=resizable().frame(width:2000,height:10).frame(width:100,height:10,alignment:.leading).clipped()&fmt=png")
        let image = try folder.renderer(limits: limits).render(spec)
        let bitmap = try Bitmap(encoded: image.bytes)
        #expect(bitmap.width == 100 && bitmap[5, 2].isClose(to: .red))
        limits.maxIntermediateSide = 1999
        #expect(
            Self.isTooLarge(
                try folder.failure(
                    "q.png", "chain=resizable().frame(width:2000,height:10).frame(width:100,height:10,alignment:.leading).clipped()&fmt=png",
                    limits: limits)))
    }
}
