import Layout
import Testing
import TransformSpec

/// The view sugar (`radius`, `mask`, `blur`, `grayscale`, `pad`) compiles to the modifiers a chain
/// would write, in SwiftUI order: effects on the framed image, then the clip shape, then padding
/// under the background.
@Suite("view sugar compiles to the chain")
struct ViewSugarTests {
    static let base = #"Image("a.jpg").resizable().interpolation(.high).aspectRatio(contentMode:.fill).frame(width:96,height:96)"#

    static let cases: [(String, String)] = [
        ("w=96&h=96&mode=fill&mask=circle", base + ".clipShape(Circle())"),
        ("w=96&h=96&mode=fill&mask=ellipse", base + ".clipShape(Ellipse())"),
        ("w=96&h=96&mode=fill&radius=max", base + ".clipShape(Capsule())"),
        ("w=96&h=96&mode=fill&radius=12", base + ".clipShape(RoundedRectangle(cornerRadius:12))"),
        ("w=96&h=96&mode=fill&clip=1&radius=12", base + ".clipped().clipShape(RoundedRectangle(cornerRadius:12))"),
        ("w=96&h=96&mode=fill&grayscale=1", base + ".grayscale(1)"),
        ("w=96&h=96&mode=fill&blur=4", base + ".blur(radius:4,opaque:true)"),
        (
            "w=96&h=96&mode=fill&blur=4&grayscale=0.5&radius=8",
            base + ".grayscale(0.5).blur(radius:4,opaque:true).clipShape(RoundedRectangle(cornerRadius:8))"
        ),
        ("w=96&h=96&mode=fill&pad=8&bg=white", base + ".padding(8).background{Color.white}"),
        ("w=96&h=96&mode=fill&pad=1,2,3,4", base + ".padding(EdgeInsets(top:1,leading:2,bottom:3,trailing:4))"),
    ]

    @Test("compiles", arguments: cases)
    func compiles(_ query: String, _ chain: String) throws {
        let spec = try TransformSpec.parse(source: "a.jpg", query: query)
        #expect(spec.canonicalChain == chain)
    }

    @Test("the compiled chain, written as `chain`, is the same request", arguments: cases)
    func sameAsChain(_ query: String, _ chain: String) throws {
        let sugar = try TransformSpec.parse(source: "a.jpg", query: query)
        let modifiers = String(chain.dropFirst(#"Image("a.jpg")."#.count))
        let written = try TransformSpec.parse(source: "a.jpg", query: "chain=" + ViewTreeRoundTripTests.percentEncoded(modifiers))
        #expect(written.canonicalForm == sugar.canonicalForm)
    }

    static let errors: [(String, String)] = [
        ("radius=12&mask=circle", "`radius` and `mask`"),
        ("radius=-1", "radius"),
        ("radius=big", "radius"),
        ("mask=star", "circle, ellipse, capsule"),
        ("blur=101", "0 to 100"),
        ("grayscale=2", "0 to 1"),
        ("pad=-3", "pad"),
    ]

    @Test("rejects", arguments: errors)
    func rejects(_ query: String, _ fragment: String) {
        #expect {
            _ = try TransformSpec.parse(source: "a.jpg", query: "w=96&h=96&mode=fill&" + query)
        } throws: { error in
            "\(error)".contains(fragment)
        }
    }

    @Test("sugar cannot be mixed with chain")
    func notWithChain() {
        #expect(throws: SpecError.self) { _ = try TransformSpec.parse(source: "a.jpg", query: "mask=circle&chain=padding()") }
    }
}
