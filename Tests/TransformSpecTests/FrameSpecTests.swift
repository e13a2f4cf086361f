import Testing
@testable import TransformSpec

/// `frame=`: one frame of an animated source, 0-based, part of the canonical form.
@Suite("frame parameter")
struct FrameSpecTests {
    @Test("frame=N is kept and spelled in the canonical form; none by default")
    func canonical() throws {
        let spec = try TransformSpec.parse(source: "a.gif", query: "w=10&frame=2")
        #expect(spec.frame == 2 && spec.renderRequest.frame == 2)
        #expect(spec.canonicalForm.hasSuffix("&frame=2"), "\(spec.canonicalForm)")
        let plain = try TransformSpec.parse(source: "a.gif", query: "w=10")
        #expect(plain.frame == nil && !plain.canonicalForm.contains("frame="))
        #expect(try TransformSpec.parse(source: "a.gif", query: "w=10&frame=0").canonicalForm != plain.canonicalForm)
    }

    @Test("a frame that is not a whole number from 0 is refused naming frame", arguments: ["-1", "x", "1.5", "100000"])
    func refused(_ value: String) throws {
        #expect {
            try TransformSpec.parse(source: "a.gif", query: "w=10&frame=\(value)")
        } throws: { error in
            "\(error)".contains("frame")
        }
    }

    @Test("a view template takes frame as a renderer option")
    func template() throws {
        let template = try ViewTemplate(name: "t", text: #"Image("anim.gif")"#, limits: SpecLimits())
        #expect(try template.spec(query: "frame=1", limits: SpecLimits()).frame == 1)
    }
}
