import Layout
import LayoutVectorSupport
import Testing

@Suite("layout-vectors.json")
struct LayoutVectorTests {
    @Test("the file holds all 59 vectors")
    func count() {
        #expect(LayoutVector.all.count == 59)
    }

    @Test("engine reproduces the vector", arguments: LayoutVector.all)
    func vector(_ v: LayoutVector) {
        let actual = planJSON(v.view, catalog: LayoutVector.catalog, proposal: v.proposal, scale: v.scale)
        let problems = mismatches(actual: actual, expected: v.expected)
        #expect(problems.isEmpty, "\(v.id): \(problems.joined(separator: "; "))")
    }
}

@Suite("vector matcher")
struct VectorMatcherTests {
    /// Guards the guard: a wrong plan must be reported, or the vector test above proves nothing.
    @Test("reports a plan laid out under another proposal")
    func detectsDifferences() throws {
        let v = try #require(LayoutVector.all.first { $0.id == "ru-03-nil-fill" })
        let wrong = planJSON(v.view, catalog: LayoutVector.catalog, proposal: ProposedSize(width: 300, height: 500), scale: 1)
        #expect(!mismatches(actual: wrong, expected: v.expected).isEmpty)
        let rescaled = planJSON(v.view, catalog: LayoutVector.catalog, proposal: v.proposal, scale: 2)
        #expect(mismatches(actual: rescaled, expected: v.expected).contains { $0.contains("canvas_px") })
    }
}
