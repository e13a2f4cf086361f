import Layout
import Testing

@testable import Render

/// A word longer than a line is broken between characters (`PANGO_WRAP_WORD_CHAR`) in time
/// linear in its length: Pango gets a break opportunity after each of its characters.
@Suite("long words")
struct LongWordTests {
    @Test("only words longer than the threshold get break opportunities, whole characters kept")
    func breakOpportunities() {
        let short = String(repeating: "a", count: PangoTextLayout.longWord)
        #expect(PangoTextLayout.breakingLongWords(short + " " + short) == short + " " + short)
        let long = String(repeating: "é", count: PangoTextLayout.longWord + 1)
        let broken = PangoTextLayout.breakingLongWords("x " + long)
        #expect(broken.hasPrefix("x é\u{200B}é\u{200B}"))
        #expect(broken.filter { $0 != "\u{200B}" } == "x " + long)
        let flags = String(repeating: "🇫🇷", count: PangoTextLayout.longWord + 1)
        #expect(PangoTextLayout.breakingLongWords(flags).filter { $0 != "\u{200B}" }.count == PangoTextLayout.longWord + 1)
    }

    @Test("a 4,000-letter word wraps into the lines its width holds, like a short one")
    func wrapsByCharacter() {
        let measurer = PangoTextMeasurer()
        let word = TextView(String(repeating: "m", count: 4000))
        let size = measurer.size(of: word, proposal: ProposedSize(width: 200, height: nil), pixelLength: 1)
        #expect(size.width <= 200)
        let lineHeight = TextMetrics.sanFrancisco(pointSize: 17).lineHeight
        let oneLine = measurer.size(of: word, proposal: .unspecified, pixelLength: 1)
        let lines = (size.height / lineHeight).rounded()
        #expect(
            lines >= (oneLine.width / 200).rounded(.up) && lines <= (oneLine.width / 200).rounded(.up) * 1.1,
            "\(lines) lines for \(oneLine.width) points")
    }
}
