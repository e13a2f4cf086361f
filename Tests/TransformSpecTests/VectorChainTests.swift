import Layout
import LayoutVectorSupport
import Testing
import TransformSpec

/// The 59 worked vectors, typed as Swift chains: the parser must build exactly the tree the op list
/// describes, and the canonical text must parse back to the same tree.
@Suite("vectors through the chain language")
struct VectorChainTests {
    @Test("chain text parses to the vector's view tree", arguments: LayoutVector.all)
    func parsesToSameTree(_ v: LayoutVector) throws {
        let parsed = try TransformSpec.parseChain(v.swiftChain, source: "request-source.jpg")
        #expect(parsed == v.view, "\(v.swiftChain)")
    }

    @Test("parsed chain plans as expected", arguments: LayoutVector.all)
    func plansAsExpected(_ v: LayoutVector) throws {
        let parsed = try TransformSpec.parseChain(v.swiftChain, source: "request-source.jpg")
        let actual = planJSON(parsed, catalog: LayoutVector.catalog, proposal: v.proposal, scale: v.scale)
        #expect(mismatches(actual: actual, expected: v.expected).isEmpty)
    }

    @Test("canonical text round-trips", arguments: LayoutVector.all)
    func canonicalRoundTrip(_ v: LayoutVector) throws {
        let spec = TransformSpec(source: "request-source.jpg", view: v.view)
        let reparsed = try TransformSpec.parseChain(spec.canonicalChain, source: "request-source.jpg")
        #expect(reparsed == v.view, "\(spec.canonicalChain)")
    }
}
