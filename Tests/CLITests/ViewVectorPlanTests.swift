import Foundation
import Layout
import LayoutVectorSupport
import Testing

/// Every vector of `views-vectors.json` through the built binary: its tree written as a chain (with
/// ids), `imgframe plan`, and the printed plan compared with the vector's expected geometry.
@Suite("imgframe plan: views-vectors.json")
struct ViewVectorPlanTests {
    /// Vectors the command line cannot reproduce, with the reason. `imgframe plan` measures `Text`
    /// with Pango and Inter, while the vectors' Text sizes assume SF Pro metrics (`assume.width`);
    /// the engine tests run those with the spec's assumed metrics. Symbols need no fonts and run here
    /// (the award views also hold Text, so they run in the engine tests only).
    static func skipReason(_ v: ViewVector) -> String? {
        let chain = v.swiftChain(ids: false)
        if chain.contains("Text(") || chain.contains("Label(") { return "Text is measured with Inter here, the vector assumes SF Pro metrics" }
        return nil
    }

    static let runnable = ViewVector.all.filter { skipReason($0) == nil }

    @Test("the skipped vectors are exactly those with Text, and they are few")
    func skips() {
        let skipped = ViewVector.all.filter { Self.skipReason($0) != nil }
        #expect(Self.runnable.count + skipped.count == ViewVector.all.count)
        #expect(Self.runnable.count >= 45, "only \(Self.runnable.count) of \(ViewVector.all.count) vectors run through the binary")
    }

    @Test("imgframe plan reproduces the vector", arguments: runnable)
    func vector(_ v: ViewVector) throws {
        var arguments = ["plan", "--size", "1x1", "--source", "unused.jpg", "--chain", v.swiftChain(ids: true)]
        if let pw = v.proposal.width { arguments += ["--pw", pw.isInfinite ? "inf" : String(pw)] }
        if let ph = v.proposal.height { arguments += ["--ph", ph.isInfinite ? "inf" : String(ph)] }
        arguments += ["--scale", String(v.scale)]
        let result = try runImageFrame(arguments)
        let plan = v.reshaped(try decodeJSON(result.stdout))
        let problems = mismatches(actual: plan, expected: v.normalisedExpected)
        #expect(problems.isEmpty, "\(v.id): \(problems.joined(separator: "; "))\n\(result.stderr)")
        #expect(result.status == (v.expected["error"] == nil ? 0 : 1), "\(v.id): \(result.stderr)")
    }
}
