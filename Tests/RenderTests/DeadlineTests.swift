import Layout
import Render
import Testing
import TransformSpec

/// The deadline applies to every stage: a render is refused as soon as a check finds it late, and a
/// result finished after the deadline is never returned.
@Suite("render: deadline")
struct DeadlineTests {
    @Test(
        "with a deadline already past, every kind of render times out, whole-image encoders included",
        arguments: [
            "w=20&fmt=jpeg", "w=20&fmt=gif", "w=20&fmt=avif", "w=20&fmt=webp", "w=20",
            "chain=resizable(capInsets:EdgeInsets(top:2,leading:2,bottom:2,trailing:2)).frame(width:30,height:30)&fmt=png",
            "chain=Color.red.frame(width:20,height:20).background(LinearGradient(colors:[.red,.blue],startPoint:.top,endPoint:.bottom))&fmt=png",
        ])
    func alreadyLate(_ query: String) throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 16, height: 16, quadrant(16, 16))
        var limits = RenderLimits()
        limits.timeout = .nanoseconds(1)
        let error = try folder.failure("q.png", query, limits: limits)
        guard case .timedOut = error else {
            Issue.record("\(query): \(String(describing: error))")
            return
        }
    }

    @Test("a whole-image encoder that runs past the deadline (it cannot be stopped) gives a timeout, not an image")
    func finishedLate() throws {
        let folder = try SourceFolder()
        // Noise keeps the GIF quantizer busy for about a second on 2 cores, well past the deadline,
        // while computing the pixels it quantizes takes a few milliseconds.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        try folder.png("noise.png", width: 1400, height: 1400) { _, _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return RGBA(UInt8(truncatingIfNeeded: state), UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16))
        }
        var limits = RenderLimits()
        limits.timeout = .milliseconds(300)
        // Past the estimate's own refusal (`tooSlow`), to reach the deadline the encoder runs past.
        limits.maxEstimatedTime = .seconds(3600)
        let error = try folder.failure("noise.png", "w=1400&h=1400&fmt=gif", limits: limits)
        guard case .timedOut = error else {
            Issue.record("a GIF finished past its deadline must be a timeout; got \(String(describing: error))")
            return
        }
    }

    @Test("without a timeout nothing times out")
    func none() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 16, height: 16, quadrant(16, 16))
        var limits = RenderLimits()
        limits.timeout = nil
        #expect(try folder.failure("q.png", "w=20&fmt=gif", limits: limits)?.description == nil)
    }
}
