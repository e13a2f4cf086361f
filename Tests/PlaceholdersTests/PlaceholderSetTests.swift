import Layout
import Placeholders
import Testing

@Suite("The placeholder set's canonical text")
struct PlaceholderSetTests {
    @Test("items print in a fixed order with their settings and defaults written out")
    func canonicalOrder() {
        var set = PlaceholderSet()
        #expect(set.isEmpty && set.canonicalText == "")
        set.lqip = LQIPRequest(format: .avif)
        set.palette = 5
        set.thumbHash = true
        set.blurHash = (4, 3)
        set.dominantColor = true
        set.averageColor = true
        #expect(set.canonicalText == "blurhash=4x3&thumbhash=1&averagecolor=1&dominantcolor=1&palette=5&lqip=avif&lqipbytes=1024")
        #expect(!set.isEmpty)
    }

    @Test("the LQIP ladder goes from the largest side and best quality down")
    func ladder() {
        let steps = LQIPLadder.steps
        #expect(steps.first! == (32, 50))
        #expect(steps.last! == (8, 10))
        #expect(steps.count == LQIPLadder.sides.count * LQIPLadder.qualities.count)
    }
}
