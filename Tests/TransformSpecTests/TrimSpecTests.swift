import Layout
import Testing
import TransformSpec

/// `trim=` and `.trim(…)`: one canonical form, values checked, one trim per image.
@Suite("spec: trim")
struct TrimSpecTests {
    @Test(
        "the query and the chain give the same canonical chain",
        arguments: [
            ("trim=10", #"Image("a.jpg").resizable().interpolation(.high).trim().aspectRatio(contentMode:.fit)"#),
            ("trim=true", #"Image("a.jpg").resizable().interpolation(.high).trim().aspectRatio(contentMode:.fit)"#),
            ("trim=0,white&mode=none", #"Image("a.jpg").interpolation(.high).trim(threshold:0,color:Color.white)"#),
            ("enlarge=0&pw=800", #"Image("a.jpg").resizable().interpolation(.high).enlarging(false).aspectRatio(contentMode:.fit)"#),
            ("enlarge=1&pw=800", #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fit)"#),
            ("trim=25.5,ff000080&mode=none", ##"Image("a.jpg").interpolation(.high).trim(threshold:25.5,color:Color(hex:"#ff000080"))"##),
        ])
    func canonical(_ query: String, _ chain: String) throws {
        let spec = try TransformSpec.parse(source: "a.jpg", query: query)
        #expect(spec.canonicalChain == chain)
        #expect(try TransformSpec.parseChain(chain, source: "a.jpg") == spec.view)
    }

    @Test("bad values are refused with what works", arguments: ["trim=300", "trim=-1", "trim=10,notacolour", "trim=1,2,3", "trim="])
    func refused(_ query: String) {
        #expect {
            try TransformSpec.parse(source: "a.jpg", query: query)
        } throws: { error in
            "\(error)".contains("a threshold from 0 to 255")
        }
    }

    @Test("one image trimmed two ways is refused; the same trim twice is fine")
    func oneTrimPerImage() throws {
        let twice = #"ZStack{Image("a.jpg").trim();Image("a.jpg").trim(threshold:3)}"#
        #expect {
            try TransformSpec.parseChain(twice, source: "a.jpg")
        } throws: { error in
            "\(error)".contains("trimmed two different ways")
        }
        _ = try TransformSpec.parseChain(#"ZStack{Image("a.jpg").trim();Image("a.jpg").trim()}"#, source: "a.jpg")
    }
}
