import Layout
import LayoutVectorSupport
import Render
import TransformSpec
import Testing

/// `Button` and `TextField` drawn: the SignInView listing's pixels, and the bordered button styles'
/// sizes and fills.
@Suite("render: Button and TextField")
struct ControlDrawingTests {
    /// SwiftUI's accent colour, systemBlue.
    static let accent = RGBA(0, 122, 255)

    static func render(_ chain: String, proposal: ProposedSize = .unspecified) throws -> (Bitmap, RenderPlan) {
        let view = try TransformSpec.parseChain(chain, source: "unused.png")
        let folder = try SourceFolder()
        let spec = TransformSpec(source: "unused.png", view: view, proposal: proposal, scale: 1, format: .fixed(.png))
        return (try folder.render(view: view, proposal: proposal), try folder.renderer.plan(spec))
    }

    static func pixels(_ bitmap: Bitmap, in r: PixelRect) -> [RGBA] {
        (r.y..<r.maxY).flatMap { y in (r.x..<r.maxX).map { x in bitmap[x, y] } }
    }

    @Test("SignInView with .background: gradient red to blue, grey field border, grey prompt, blue symbol")
    func signIn() throws {
        let (bitmap, plan) = try Self.render(SignInListings.backgroundModifier, proposal: ProposedSize(width: 390, height: 844))
        #expect(bitmap.width == 390 && bitmap.height == 118)
        // The gradient, SwiftUI's red (255, 59, 48) at the top row, blue (0, 122, 255) at the bottom.
        #expect(bitmap[2, 0].isClose(to: RGBA(255, 59, 48), tolerance: 4), "\(bitmap[2, 0])")
        #expect(bitmap[2, 117].isClose(to: RGBA(0, 122, 255), tolerance: 4), "\(bitmap[2, 117])")
        // The field: pixel rows 68…101, columns 16…331; a 1 pt border (198, 198, 200) around white.
        for (x, y) in [(16, 85), (331, 85), (150, 68), (150, 101)] {
            #expect(bitmap[x, y].isClose(to: RGBA(198, 198, 200), tolerance: 3), "border at (\(x), \(y)): \(bitmap[x, y])")
        }
        #expect(bitmap[300, 85] == .white)
        // The prompt: grey ink (60, 60, 67 at 30 %: at most (194, 194, 196) over white) in its leaf.
        let prompt = try #require(plan.leaves.last { $0.kind == .text }).pixelRect
        #expect(prompt.x == 23 && prompt.y == 74)
        let ink = Self.pixels(bitmap, in: prompt).filter { $0 != .white }
        #expect(ink.count > 100, "the prompt's glyphs")
        #expect(ink.allSatisfy { Int($0.b) - Int($0.r) <= 8 && $0.r >= 190 }, "grey, never darker than the placeholder colour")
        // The button: the symbol's ink in the accent colour, centred in its 34 × 34 square.
        let symbol = try #require(plan.leaves.first { $0.kind == .symbol }).pixelRect
        #expect(symbol == PixelRect(x: 340, y: 68, width: 34, height: 34))
        let blue = Self.pixels(bitmap, in: symbol).filter { $0.isClose(to: Self.accent, tolerance: 6) }
        #expect(blue.count > 60, "solid accent-blue strokes: \(blue.count)")
        #expect(bitmap[357, 85].isClose(to: Self.accent, tolerance: 6), "the arrow's shaft at the centre: \(bitmap[357, 85])")
    }

    @Test("bordered: the label padded 12 × 7 on the accent at 15 %; borderedProminent: white on solid accent")
    func borderedStyles() throws {
        let chain = #"""
            HStack(spacing: 10) {
                Button("Sign in") {}.buttonStyle(.bordered)
                Button("Sign in") {}.buttonStyle(.borderedProminent)
                Button("Sign in") {}
            }
            .padding(10)
            .background(Color.white)
            """#
        let (bitmap, plan) = try Self.render(chain)
        let texts = plan.leaves.filter { $0.kind == .text }
        let shapes = plan.leaves.filter { $0.kind == .roundedRectangle }
        #expect(texts.count == 3 && shapes.count == 2)
        let label = texts[0].rect
        #expect(label.height == 21)
        for (shape, text) in zip(shapes, texts) {
            #expect(shape.rect == Rect(x: text.rect.x - 12, y: text.rect.y - 7, width: text.rect.width + 24, height: 35))
        }
        // The bordered button is 35 high; the borderless one only its label's 21, centred in the row.
        #expect(plan.rootSize.height == 55 && texts[2].rect.y == 10 + 7)
        let bordered = shapes[0].pixelRect, prominent = shapes[1].pixelRect
        // (255, 255, 255) − 0.15 × ((255, 255, 255) − (0, 122, 255)) = (217, 235, 255).
        #expect(bitmap[bordered.x + 4, bordered.y + 17].isClose(to: RGBA(217, 235, 255), tolerance: 2), "\(bitmap[bordered.x + 4, bordered.y + 17])")
        #expect(bitmap[prominent.x + 4, prominent.y + 17] == Self.accent)
        let prominentLabel = Self.pixels(bitmap, in: texts[1].pixelRect)
        #expect(prominentLabel.contains(.white) && prominentLabel.allSatisfy { $0.b == 255 }, "white glyphs on the accent")
        let borderedLabel = Self.pixels(bitmap, in: texts[0].pixelRect)
        #expect(borderedLabel.contains { $0.isClose(to: Self.accent, tolerance: 6) }, "accent glyphs on the light fill")
        let plainLabel = Self.pixels(bitmap, in: texts[2].pixelRect)
        #expect(
            plainLabel.contains { $0.isClose(to: Self.accent, tolerance: 6) } && !plainLabel.contains { $0.r < 100 && $0.g < 100 },
            "the default style tints the label and draws no background")
    }

    @Test(".plain draws the label untinted; tint(_:) recolours the bordered styles")
    func plainAndTint() throws {
        let (bitmap, plan) = try Self.render(
            #"HStack{Button("Go"){}.buttonStyle(.plain);Button("Go"){}.buttonStyle(.borderedProminent).tint(.red)}.background(Color.white)"#)
        let texts = plan.leaves.filter { $0.kind == .text }
        #expect(Self.pixels(bitmap, in: texts[0].pixelRect).contains { $0.r < 40 && $0.g < 40 && $0.b < 40 }, "black glyphs")
        let shape = try #require(plan.leaves.first { $0.kind == .roundedRectangle }).pixelRect
        #expect(bitmap[shape.x + 4, shape.y + 17] == RGBA(255, 59, 48))
    }
}
