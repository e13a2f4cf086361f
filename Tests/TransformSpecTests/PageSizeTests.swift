import Testing
@testable import TransformSpec

/// `page=`: sizes in points or names, canonical as `WxH`, PDF only.
@Suite("page parameter")
struct PageSizeTests {
    @Test(
        "WxH, a4 and letter parse; the canonical form spells the size",
        arguments: [
            ("800x600", "page=800x600"), ("800X600", "page=800x600"), ("a4", "page=595.28x841.89"), ("A4", "page=595.28x841.89"),
            ("letter", "page=612x792"), ("595.28x841.89", "page=595.28x841.89"), ("0.5x14400", "page=0.5x14400"),
        ])
    func parses(_ value: String, _ canonical: String) throws {
        let spec = try TransformSpec.parse(source: "a.jpg", query: "w=10&fmt=pdf&page=\(value)")
        #expect(spec.canonicalForm.hasSuffix("&" + canonical), "\(spec.canonicalForm)")
    }

    @Test("no page: none in the canonical form")
    func absent() throws {
        let spec = try TransformSpec.parse(source: "a.jpg", query: "w=10&fmt=pdf")
        #expect(spec.page == nil && !spec.canonicalForm.contains("page="))
    }

    @Test(
        "bad sizes are refused, naming the parameter",
        arguments: ["0x10", "-5x10", "10", "10x", "x10", "nanx10", "infx10", "10x14401", "a5", "10x10x10", ""])
    func refused(_ value: String) {
        #expect(throws: SpecError.self) { try TransformSpec.parse(source: "a.jpg", query: "w=10&fmt=pdf&page=\(value)") }
        do {
            _ = try TransformSpec.parse(source: "a.jpg", query: "w=10&fmt=pdf&page=\(value)")
        } catch {
            #expect(error.parameter == "page")
        }
    }

    @Test("page applies to fmt=pdf only", arguments: ["", "&fmt=auto", "&fmt=png", "&fmt=jpeg"])
    func pdfOnly(_ format: String) {
        #expect(
            throws: SpecError.conflict(
                param: "page", message: "`page` sets the PDF page size and applies to fmt=pdf only; add fmt=pdf or remove page")
        ) {
            try TransformSpec.parse(source: "a.jpg", query: "w=10&page=a4" + format)
        }
    }

    @Test("q is part of a PDF's identity: it sets the quality of photos re-encoded in it")
    func quality() throws {
        #expect(try TransformSpec.parse(source: "a.jpg", query: "w=10&fmt=pdf&q=60").canonicalForm.contains("q=60"))
    }
}
