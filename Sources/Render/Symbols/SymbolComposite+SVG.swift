import CheckedConversion
import Foundation

extension SymbolComposite {
    /// The composed SVG: the Bootstrap icons' elements (`icon` gives an icon file's bytes) or the
    /// Material Icons glyph (`font` gives the font file's bytes, asked for only by that case),
    /// placed by transforms in one document of the icons' 16 × 16 box (the font's em for a font
    /// glyph) that paints in `currentColor`. `nil` when a part is missing or not in the expected
    /// form, so the name is unknown rather than drawn wrong.
    func svg(icon: (String) -> [UInt8]?, font: () -> [UInt8]?) -> [UInt8]? {
        let text: String
        switch self {
        case .inCircle(let glyph):
            guard let circle = Self.elements(icon("circle")), let inner = Self.elements(icon(glyph)) else { return nil }
            text = Self.document(box: 16, circle + Self.group(Self.centred(scale: Self.circleGlyphScale), inner))
        case .knockedOut(let glyph):
            guard let disc = Self.elements(icon("circle-fill")), let inner = Self.elements(icon(glyph)) else { return nil }
            // Luminance mask: white keeps the disc, the black glyph leaves a hole (SVG 1.1 §14.4).
            // The mask draws in its own colours, so the disc alone carries currentColor.
            let mask =
                #"<mask id="glyph" maskUnits="userSpaceOnUse" x="0" y="0" width="16" height="16">"#
                + #"<rect width="16" height="16" fill="white"/>"#
                + #"<g fill="black" transform="\#(Self.centred(scale: Self.circleGlyphScale))">\#(inner)</g></mask>"#
            text = Self.document(box: 16, mask + #"<g mask="url(#glyph)">\#(disc)</g>"#)
        case .turned(let glyph, let degrees, let scale):
            guard let inner = Self.elements(icon(glyph)) else { return nil }
            text = Self.document(box: 16, Self.group("translate(8 8) rotate(\(degrees)) scale(\(Self.number(scale))) translate(-8 -8)", inner))
        case .materialIcon(_, let codePoint, let outlined):
            guard let bytes = font(), let glyph = TrueTypeGlyph(font: bytes, codePoint: codePoint) else { return nil }
            let path = #"d="\#(glyph.pathData)""#
            guard outlined else {
                text = Self.document(box: glyph.unitsPerEm, "<path \(path)/>")
                break
            }
            // The band inside the edge: the edge stroked twice as wide, clipped to the glyph. Parts
            // thinner than the band (the motion arcs) stay solid, as in SF's outlined glyph.
            let width = Self.number(2 * Self.outlineWidth * Double(glyph.unitsPerEm))
            text = Self.document(
                box: glyph.unitsPerEm,
                #"<clipPath id="inside"><path \#(path)/></clipPath>"#
                    + #"<path \#(path) fill="none" stroke="currentColor" stroke-width="\#(width)" stroke-linejoin="round" clip-path="url(#inside)"/>"#
            )
        }
        return Array(text.utf8)
    }

    /// The elements inside an icon's `<svg>` element, when its view box is the 16 × 16 box the
    /// transforms assume (every Bootstrap icon's).
    static func elements(_ bytes: [UInt8]?) -> String? {
        guard let bytes else { return nil }
        let text = String(decoding: bytes, as: UTF8.self)
        guard let open = text.range(of: "<svg"), let openEnd = text[open.upperBound...].firstIndex(of: ">"),
            text[open.lowerBound..<openEnd].contains(#"viewBox="0 0 16 16""#),
            let close = text.range(of: "</svg>", options: .backwards), close.lowerBound > openEnd
        else { return nil }
        return text[text.index(after: openEnd)..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    private static func document(box: Int, _ body: String) -> String {
        #"<svg xmlns="http://www.w3.org/2000/svg" width="16" height="16" fill="currentColor" viewBox="0 0 \#(box) \#(box)">"#
            + body + "</svg>"
    }

    private static func group(_ transform: String, _ body: String) -> String {
        #"<g transform="\#(transform)">\#(body)</g>"#
    }

    /// Scales about the 16 × 16 box's centre.
    private static func centred(scale: Double) -> String {
        "translate(8 8) scale(\(number(scale))) translate(-8 -8)"
    }

    private static func number(_ value: Double) -> String {
        value == value.rounded() ? String(Int(saturating: value)) : String(value)
    }
}
