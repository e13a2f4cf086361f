import Foundation
import Layout
import LayoutVectorSupport
import Testing

/// `imgframe plan` with whole view trees (not from the shared vector file): the expected rects are
/// worked out by hand from the views spec.
@Suite("imgframe plan: view trees")
struct ViewTreePlanTests {
    static func leaves(_ arguments: [String]) throws -> (JSON, [String: JSON]) {
        let result = try runImageFrame(["plan", "--size", "10x10"] + arguments)
        #expect(result.status == 0, "\(result.stderr)")
        let json = try decodeJSON(result.stdout)
        var byID: [String: JSON] = [:]
        for leaf in json["leaves"]?.array ?? [] { if let id = leaf["id"]?.string { byID[id] = leaf } }
        return (json, byID)
    }

    static func rect(_ values: [Double]) -> JSON { .array(values.map { .number($0) }) }

    @Test("HStack with a Spacer between fixed views, padded, proposed 200×100; children on separate lines")
    func hStackSpacer() throws {
        // padding(5) proposes 190×90 to the HStack. Two gaps of spacing 10 leave 170 for the children;
        // the fixed frames take 40 and 30, so the Spacer (min 8) gets 170 − 70 = 100. The HStack is
        // 190 × max(20, 0, 30) = 30 high; with the padding the root is 200×40.
        // bar: x = 5, y = 5 + (30 − 20)/2 = 10 → [5, 10, 40, 20]
        // dot: x = 5 + 40 + 10 + 100 + 10 = 165, y = 5 → [165, 5, 30, 30]
        let chain = """
            HStack(spacing: 10) {
                Color.red.id("bar").frame(width: 40, height: 20)
                Spacer()
                Circle().fill(Color.blue).id("dot")
                    .frame(width: 30, height: 30)
            }
            .padding(5)
            """
        let (json, leaves) = try Self.leaves(["--chain", chain, "--pw", "200", "--ph", "100"])
        #expect(json["root_size"] == Self.rect([200, 40]))
        #expect(leaves["bar"]?["rect"] == Self.rect([5, 10, 40, 20]))
        #expect(leaves["dot"]?["rect"] == Self.rect([165, 5, 30, 30]))
        #expect(leaves["dot"]?["kind"]?.string == "circle")
        #expect(
            json["canonical"]?.string == #"chain=HStack(spacing:10){Color.red.id("bar").frame(width:40,height:20);Spacer();"#
                + #"Circle().fill(Color.blue).id("dot").frame(width:30,height:30)}.padding(5)&pw=200&ph=100"#)
    }

    @Test("leading VStack with spacing 4 of a rectangle and a leading-padded capsule, unspecified proposal")
    func vStackLeading() throws {
        // Ideal sizes: bar 60×10; pill 100×20 plus 12 leading padding = 112×20. The VStack is
        // max(60, 112) = 112 wide and 10 + 4 + 20 = 34 high; both children align their leading edges
        // at x = 0. bar → [0, 0, 60, 10]; pill → x = 0 + 12, y = 10 + 4 → [12, 14, 100, 20].
        let chain =
            #"VStack(alignment:.leading,spacing:4){Rectangle().fill(.green).id("bar").frame(width:60,height:10);"#
            + #"Capsule().id("pill").frame(width:100,height:20).padding(.leading,12)}"#
        let (json, leaves) = try Self.leaves(["--chain", chain])
        #expect(json["root_size"] == Self.rect([112, 34]))
        #expect(leaves["bar"]?["rect"] == Self.rect([0, 0, 60, 10]))
        #expect(leaves["pill"]?["rect"] == Self.rect([12, 14, 100, 20]))
        #expect(leaves["pill"]?["corner_radius"] == .number(10))
    }

    @Test("a ZStack over the request's image: the tree shows Image(\"<source>\") as the primary image")
    func zStackOverImage() throws {
        // The 10×10 source, resizable, framed 80×40; a 20×20 badge at .topTrailing of the 80×40
        // ZStack sits at x = 80 − 20 = 60, y = 0. The image fills its frame: [0, 0, 80, 40].
        let chain =
            #"ZStack(alignment:.topTrailing){Image("image").resizable().frame(width:80,height:40);Circle().fill(.red).id("badge").frame(width:20,height:20)}"#
        let (json, leaves) = try Self.leaves(["--chain", chain])
        #expect(json["root_size"] == Self.rect([80, 40]))
        #expect(json["images"]?.array?.first?["image_rect"] == Self.rect([0, 0, 80, 40]))
        #expect(leaves["badge"]?["rect"] == Self.rect([60, 0, 20, 20]))
    }

    @Test("a malformed tree exits 2 with the offset")
    func malformed() throws {
        let result = try runImageFrame(["plan", "--size", "10x10", "--chain", "HStack{Color.red;;Color.blue}"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("at offset 17: expected a view: an empty child in HStack at offset 0"), "\(result.stderr)")
    }
}
