import Layout
import Render
import Testing
import TransformSpec

/// Layers and memory are estimated from the plan and refused before anything is drawn.
@Suite("render: budget")
struct RenderBudgetTests {
    static func overBudget(_ error: RenderError?, mentioning text: String) -> Bool {
        if case .overBudget(let reason) = error { return reason.contains(text) }
        return false
    }

    /// The hostile request that kept a worker busy for a minute at 4 GB: 24 full-canvas gradients
    /// behind a 40 MP colour.
    static let manyGradients =
        "Color.red.frame(width:6324,height:6324)"
        + String(repeating: ".background(LinearGradient(colors:[.red,.blue],startPoint:.top,endPoint:.bottom))", count: 24)

    @Test("24 gradients under a 40 MP canvas are refused before drawing")
    func gradientPile() throws {
        let folder = try SourceFolder()
        let error = try folder.failure("unused.png", "chain=\(Self.manyGradients)&fmt=jpeg")
        #expect(Self.overBudget(error, mentioning: "compositing 25 layers"), "\(String(describing: error))")
    }

    @Test("the same pile scaled down renders, each layer drawn")
    func gradientPileSmall() throws {
        let folder = try SourceFolder()
        let chain = Self.manyGradients.replacingOccurrences(of: "6324", with: "64")
        let (_, bitmap) = try folder.render("unused.png", "chain=\(chain)&fmt=png")
        #expect(bitmap.width == 64 && bitmap[10, 10] == RGBA(255, 59, 48))
    }

    @Test("more layers than allowed are refused")
    func layers() throws {
        let folder = try SourceFolder()
        var limits = RenderLimits()
        limits.maxLayers = 3
        let chain = "Color.red.frame(width:10,height:10)" + String(repeating: ".background(Color.blue)", count: 3)
        let error = try folder.failure("unused.png", "chain=\(chain)&fmt=png", limits: limits)
        #expect(Self.overBudget(error, mentioning: "4 layers to draw, the limit is 3"), "\(String(describing: error))")
        limits.maxLayers = 4
        #expect(try folder.failure("unused.png", "chain=\(chain)&fmt=png", limits: limits)?.description == nil)
    }

    @Test("a 9-slice decodes its whole source at once, and that counts")
    func nineSlice() throws {
        let folder = try SourceFolder()
        try folder.png("big.png", width: 1000, height: 1000, quadrant(1000, 1000))
        var limits = RenderLimits()
        limits.maxRenderBytes = 3 * 1024 * 1024
        let sliced = "chain=resizable(capInsets:EdgeInsets(top:10,leading:10,bottom:10,trailing:10)).frame(width:50,height:50)&fmt=png"
        let error = try folder.failure("big.png", sliced, limits: limits)
        #expect(Self.overBudget(error, mentioning: "9-slice"), "\(String(describing: error))")
        // The same size stretched streams from a shrunk decode and fits.
        #expect(try folder.failure("big.png", "chain=resizable().frame(width:50,height:50)&fmt=png", limits: limits)?.description == nil)
    }

    @Test("fmt=auto with transparency possible counts the canvas it computes to look; opaque=1 does not")
    func autoCanvas() throws {
        let folder = try SourceFolder()
        try folder.png("q.png", width: 64, height: 64, quadrant(64, 64))
        var limits = RenderLimits()
        limits.maxRenderBytes = 15 * 1024 * 1024  // 2.25 MP: JPEG 9 MB + one layer 3 MB; the canvas would add 9 MB
        let query = "w=1500&h=1500&mode=stretch"
        #expect(Self.overBudget(try folder.failure("q.png", query, limits: limits), mentioning: "transparency"))
        #expect(try folder.failure("q.png", query + "&opaque=1", limits: limits)?.description == nil)
        // An opaque JPEG stretched over the whole canvas becomes the canvas: no alpha, nothing to look for.
        try folder.write(
            "q.jpg", bytes: try SourceFolder.image(width: 64, height: 64, quadrant(64, 64)).flattened(onto: [255, 255, 255]).jpeg(quality: 90))
        #expect(try folder.failure("q.jpg", query, limits: limits)?.description == nil)
    }
}
