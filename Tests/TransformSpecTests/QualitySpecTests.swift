import Layout
import Testing
import TransformSpec

/// `q`: one quality for every format, qualities per format, or both, with one canonical form; a
/// format without one takes its measured default.
@Suite("spec: quality per format")
struct QualitySpecTests {
    @Test(
        "canonical q: defaults dropped, a fixed format's own quality only, formats in order",
        arguments: [
            ("q=75", "q=75"),
            ("q=webp:70,AVIF:50", "q=webp:70,avif:50"),
            ("q=avif:50,75", "q=75,avif:50"),
            ("q=75,avif:75", "q=75"),
            ("q=avif:72", nil),
            ("q=jpg:70", "q=jpeg:70"),
            ("fmt=webp&q=85", nil),
            ("fmt=webp&q=webp:70,avif:50", "q=70"),
            ("fmt=png&q=40", nil),
            ("fmt=pdf&q=jpeg:40", nil),
            ("fmt=pdf&q=pdf:40", "q=40"),
        ] as [(String, String?)])
    func canonical(_ query: String, _ expected: String?) throws {
        let form = try TransformSpec.parse(source: "a.jpg", query: query).canonicalForm
        let q = form.split(separator: "&").first { $0.hasPrefix("q=") }.map(String.init)
        #expect(q == expected, "\(form)")
    }

    @Test("each format's default applies where q names none")
    func defaults() throws {
        let quality = try TransformSpec.parse(source: "a.jpg", query: "q=webp:60").quality
        #expect(quality.value(for: .webp) == 60)
        #expect(ImageFormat.allCases.filter { $0 != .webp }.allSatisfy { quality.value(for: $0) == $0.defaultQuality })
        #expect([ImageFormat.jpeg, .webp, .avif, .jxl].map(\.defaultQuality) == [80, 85, 72, 78])
    }

    @Test("bad values are refused, naming the formats", arguments: ["q=0", "q=101", "q=png:50", "q=webp:50,webp:60", "q=70,80", "q=webp", "q=webp:"])
    func refused(_ query: String) {
        #expect {
            try TransformSpec.parse(source: "a.jpg", query: query)
        } throws: { error in
            "\(error)".contains("per format (`webp:70,avif:50`; formats: jpeg, webp, avif, jxl, pdf)")
        }
    }
}
