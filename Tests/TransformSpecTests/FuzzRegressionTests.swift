import Foundation
import Testing
import TransformSpec

/// Inputs the fuzzers found (kept in `Fuzz/regressions/`), each with the property it broke.
@Suite("fuzz regressions")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Fuzz/regressions")
        .standardizedFileURL

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

    @Test("an image name with `&`, `=`, `+` and newlines prints a canonical chain that reads back")
    func ampersandInName() throws {
        let chain = try Self.input("spec-ampersand-in-image-name.bin")
        let view = try TransformSpec.parseChain(chain, source: "a.jpg")
        let printed = TransformSpec(source: "a.jpg", view: view).canonicalChain
        #expect(printed.contains(#"Image("wm.pnge=fill&w=640&bg="#))
        #expect(try TransformSpec.parseChain(printed, source: "a.jpg", limits: .unbounded) == view)
        // And the whole canonical form differs from a request that has the same text as real parameters.
        let spec = TransformSpec(source: "a.jpg", view: view)
        #expect(spec.canonicalForm != TransformSpec(source: "a.jpg", view: .image(.init(ref: .named("wm.pnge")))).canonicalForm)
    }

    @Test("names longer than the limit are refused in the chain too")
    func longChainName() {
        let chain = #"resizable().overlay{Image(""# + String(repeating: "x", count: 1100) + #"")}"#
        #expect(throws: SpecError.self) { try TransformSpec.parseChain(chain, source: "a.jpg") }
    }
}
