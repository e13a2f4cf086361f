import Render
import Testing
import TransformSpec

/// CPU time is estimated from the plan (`RenderCost`): it grows with what makes a render slow, and a
/// render that could not finish within the deadline is refused before anything is drawn.
@Suite("render: cost estimate")
struct RenderCostTests {
    /// The estimated CPU milliseconds of `chain` over a colour (no source to decode).
    static func cost(_ chain: String, fmt: String = "jpeg") throws -> Double {
        let folder = try SourceFolder()
        var limits = RenderLimits()
        limits.timeout = nil
        let spec = try TransformSpec.parse(source: "unused.png", query: "chain=\(chain)&fmt=\(fmt)", limits: .unbounded)
        return try folder.renderer(limits: limits).prepare(spec).cost.milliseconds
    }

    static func square(_ side: Int, _ effect: String) -> String {
        "Color.red.frame(width:\(side),height:\(side))" + effect
    }

    @Test(
        "a bigger frame costs more, whatever the effect",
        arguments: ["", ".blur(radius:2)", ".blur(radius:12)", ".blur(radius:40)", ".shadow(radius:8)"])
    func area(effect: String) throws {
        let costs = try [250, 500, 1000, 2000].map { try Self.cost(Self.square($0, effect)) }
        #expect(zip(costs, costs.dropFirst()).allSatisfy { $0 < $1 }, "\(costs)")
    }

    @Test("a wider blur or shadow costs more, up to the radius past which it runs on a shrunk copy", arguments: ["blur", "shadow"])
    func radius(effect: String) throws {
        let costs = try [0.5, 1, 2, 4, 8, 12].map { try Self.cost(Self.square(800, ".\(effect)(radius:\($0))")) }
        #expect(zip(costs, costs.dropFirst()).allSatisfy { $0 < $1 }, "\(costs)")
        // Wider than that, the cost stops growing with the radius (`VImage.gaussianBlurredScaled`).
        let wide = try [13.0, 24, 48, 99].map { try Self.cost(Self.square(800, ".\(effect)(radius:\($0))")) }
        #expect(wide.allSatisfy { $0 < costs.last! }, "\(wide) against \(costs.last!)")
    }

    @Test("longer text costs more")
    func text() throws {
        let costs = try [10, 100, 1000].map { try Self.cost("Text(%22\(String(repeating: "a", count: $0))%22).frame(width:400)") }
        #expect(zip(costs, costs.dropFirst()).allSatisfy { $0 < $1 }, "\(costs)")
    }

    @Test("PNG costs more to encode than JPEG, AVIF more than both")
    func formats() throws {
        let costs = try ["jpeg", "png", "avif"].map { try Self.cost(Self.square(1000, ""), fmt: $0) }
        #expect(costs[0] < costs[1] && costs[1] < costs[2], "\(costs)")
    }

    @Test("a palette's quantisation and lossless encoders cost more than their plain formats; sharpening costs more than none")
    func encoderSettings() throws {
        let square = Self.square(1000, "")
        #expect(try Self.cost(square, fmt: "png&png=palette") > Self.cost(square, fmt: "png") + 1000)
        for format in ["webp", "avif", "jxl"] {
            #expect(try Self.cost(square, fmt: "\(format)&lossless=1") > Self.cost(square, fmt: format), "\(format)")
        }
        #expect(try Self.cost(Self.square(1000, ".sharpened(2)")) > Self.cost(square))
    }

    @Test("a render estimated past the deadline is refused before drawing, saying what to reduce")
    func refused() throws {
        let folder = try SourceFolder()
        let chain = Self.square(4000, ".blur(radius:12)")
        let error = try folder.failure("unused.png", "chain=\(chain)&fmt=png")
        guard case .tooSlow(let reason) = error else {
            Issue.record("\(String(describing: error))")
            return
        }
        #expect(
            reason.contains("the limit is 10 s") && reason.contains("a blur of radius 12") && reason.contains("reduce the frame or the blur radius"),
            "\(reason)")
        // Without a deadline nothing is refused for time; a longer deadline lets it through.
        #expect(try Self.cost(chain, fmt: "png") > 10_000)
        var limits = RenderLimits()
        limits.timeout = .seconds(60)
        let spec = try TransformSpec.parse(source: "unused.png", query: "chain=\(chain)&fmt=png", limits: .unbounded)
        #expect(throws: Never.self) { _ = try folder.renderer(limits: limits).prepare(spec) }
    }
}
