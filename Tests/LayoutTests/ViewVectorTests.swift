import Foundation
import Layout
import LayoutVectorSupport
import Testing

/// Every vector of `views-vectors.json` through the engine, comparing exactly the keys each vector
/// lists (relative tolerance 1e-6, pixels exact).
@Suite("views-vectors.json")
struct ViewVectorTests {
    /// Vectors left out, each with the reason. Every view of the file is in this engine's scope.
    static let skipped: [String: String] = [:]

    static let runnable = ViewVector.all.filter { skipped[$0.id] == nil }

    @Test("the file holds all 71 vectors; exactly the recorded ones are skipped")
    func count() {
        #expect(ViewVector.all.count == 71)
        let unbuildable = ViewVector.all.filter { (try? ViewTreeBuilder.view($0.tree)) == nil }.map(\.id)
        #expect(Set(unbuildable) == Set(Self.skipped.keys))
    }

    @Test("engine reproduces the vector", arguments: runnable)
    func vector(_ v: ViewVector) throws {
        let problems = mismatches(actual: try Self.actual(v), expected: v.normalisedExpected)
        #expect(problems.isEmpty, "\(v.id): \(problems.joined(separator: "; "))")
    }

    /// The plan of `v`, reshaped into the vector's `expected` format.
    static func actual(_ v: ViewVector) throws -> JSON {
        try v.plan(of: try ViewTreeBuilder.view(v.tree))
    }
}

@Suite("views vector matcher")
struct ViewVectorMatcherTests {
    /// Guards the guard: a plan laid out under another proposal must be reported.
    @Test("reports a plan laid out under another proposal or scale")
    func detectsDifferences() throws {
        for id in ["signin-background-modifier", "metric-model-color-text-color-3x", "shadow-offset", "hstack-two-colors-default-spacing"] {
            let v = try #require(ViewVector.all.first { $0.id == id })
            let wrong = ViewVector(id: v.id, tree: v.tree, proposal: ProposedSize(width: 123, height: 45), scale: 2, expected: v.expected)
            #expect(!mismatches(actual: try ViewVectorTests.actual(wrong), expected: v.expected).isEmpty, "\(id)")
        }
    }
}
