import Foundation
import Testing
import TransformSpec

/// Inputs the fuzzers found (kept in `Fuzz/regressions/`), each with the property it broke.
@Suite("fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/regressions").standardizedFileURL

    /// The spec harness's input: first byte chooses query (even) or chain (odd), the rest is the text.
    static func input(_ name: String) throws -> String {
        String(decoding: try Data(contentsOf: folder.appendingPathComponent(name)).dropFirst(), as: UTF8.self)
    }

    @Test("a long overlay name printed a canonical chain past the chain limit, so it did not read back")
    func longOverlayName() throws {
        let query = try Self.input("spec-long-overlay-name.bin")
        // Now refused while parsing: names are limited like the chain.
        #expect(throws: SpecError.self) { try TransformSpec.parse(source: "a.jpg", query: query) }
        // Within the name limit, the canonical form reads back (without request limits) to the same spec.
        let name = String(repeating: "\n", count: 1000)
        let spec = try TransformSpec.parse(source: "a.jpg", query: "w=10&overlay=" + name.replacingOccurrences(of: "\n", with: "%0A"))
        let chain = spec.canonicalChain
        #expect(chain.count > 2048)
        #expect(try TransformSpec.parseChain(chain, source: "a.jpg", limits: .unbounded) == spec.view)
    }

    @Test("names longer than the limit are refused in the chain too")
    func longChainName() {
        let chain = #"resizable().overlay{Image(""# + String(repeating: "x", count: 1100) + #"")}"#
        #expect(throws: SpecError.self) { try TransformSpec.parseChain(chain, source: "a.jpg") }
    }
}
