import Foundation
import Layout
import LayoutVectorSupport
import Testing

/// `imgframe plan` on the four SignInView listings at `pw=390&ph=844` (views spec §9.2, vectors
/// `signin-background-modifier` and `signin-zstack`). The spec's walkthrough stands the button in
/// with a 31×34 view; here the button is its label, the `arrow.right.square` symbol at `.title`,
/// whose square side is ceil(1.1934 × 28) = 34 (§8.2). So the field is 3 pt narrower (316, not 319)
/// and the button 3 pt further left (340, not 343); every height and y is the spec's.
@Suite("imgframe plan: SignInView listings")
struct SignInPlanTests {
    static func plan(_ chain: String) throws -> JSON {
        let result = try runImageFrame(["plan", "--size", "1x1", "--chain", chain, "--pw", "390", "--ph", "844"])
        #expect(result.status == 0, "\(result.stderr)")
        return try decodeJSON(result.stdout)
    }

    static func rect(_ values: [Double]) -> JSON { .array(values.map { .number($0) }) }

    static func leaves(_ json: JSON, _ kind: String) -> [JSON] {
        (json["leaves"]?.array ?? []).filter { $0["kind"]?.string == kind }
    }

    /// Title 34 + gap 17.68555 (Text → padded row) + row 66 (34 + 2 × 16).
    static let vStackHeight = 117.685546875

    @Test("background modifier: root 390 × 117.69, canvas 390 × 118, the gradient only behind the VStack")
    func backgroundModifier() throws {
        let json = try Self.plan(SignInListings.backgroundModifier)
        #expect(json["root_size"] == Self.rect([390, Self.vStackHeight]))
        #expect(json["canvas_px"] == Self.rect([390, 118]))
        #expect(Self.leaves(json, "linear_gradient").first?["rect"] == Self.rect([0, 0, 390, Self.vStackHeight]))
        try Self.expectContent(json, top: 0)
    }

    @Test(
        "the ZStack listings: root 390 × 844, the gradient fills it, the VStack centred at y 363.16",
        arguments: [
            SignInListings.zStack, SignInListings.ignoresSafeArea, SignInListings.backgroundIgnoresSafeArea,
        ])
    func zStack(_ listing: String) throws {
        let json = try Self.plan(listing)
        #expect(json["root_size"] == Self.rect([390, 844]))
        #expect(json["canvas_px"] == Self.rect([390, 844]))
        #expect(Self.leaves(json, "linear_gradient").first?["rect"] == Self.rect([0, 0, 390, 844]))
        try Self.expectContent(json, top: (844 - Self.vStackHeight) / 2)
    }

    /// The title, field and button of a VStack whose top is at `top`.
    static func expectContent(_ json: JSON, top: Double) throws {
        let texts = leaves(json, "text").map { $0["rect"]?.array?.compactMap(\.number) ?? [] }
        let title = try #require(texts.first)
        // Centred; its width is Inter's (the spec assumes 112 for SF Pro).
        #expect(title[1] == top && title[3] == 34 && abs(title[0] - (390 - title[2]) / 2) < 1e-9, "\(title)")
        let rowTop = top + 34 + 17.685546875
        // The field: the white fill and the 1 pt border, 16 pt in from the padding, 34 pt high.
        let field = leaves(json, "roundedRectangle")
        #expect(field.count == 2)
        for layer in field { #expect(layer["rect"] == rect([16, rowTop + 16, 316, 34])) }
        #expect(field.last?["line_width"] == .number(1) && field.last?["corner_radius"] == .number(5))
        // The prompt: 7 pt in from the field's leading edge, one body line (21) centred in 34.
        let prompt = try #require(texts.last)
        #expect(prompt[0] == 23 && prompt[1] == rowTop + 16 + 6.5 && prompt[3] == 21, "\(prompt)")
        // The button: its label, 8 pt after the field, flush with the trailing padding.
        #expect(leaves(json, "symbol").first?["rect"] == rect([340, rowTop + 16, 34, 34]))
    }

    @Test("the canonical form prints the controls, not what they draw")
    func canonical() throws {
        let json = try Self.plan(SignInListings.zStack)
        #expect(
            json["canonical"]?.string == #"chain=ZStack{LinearGradient(colors:[Color.red,Color.blue],startPoint:.top,endPoint:.bottom);"#
                + #"VStack{Text("Welcome").font(.title);HStack{TextField("Your name?",text:.constant("")).textFieldStyle(.roundedBorder);"#
                + #"Button(action:{},label:{Image(systemName:"arrow.right.square").font(.title)})}.padding(16)}}&pw=390&ph=844"#)
    }
}
