import CheckedConversion
import Layout

/// The glyph images cairo makes for a plan's Texts, and keeps after the render in its scaled-font
/// caches, by what each backend really rasterises; counted by the render budget (`RenderBudget`) and
/// the time estimate (`RenderCost`).
/// - Drawn into pixels, every distinct glyph is rasterised once at its size in pixels, over the
///   square of its em (glyphs reach past their advance, and cairo keeps a scaled copy of a bitmap
///   face's strike beside the glyph): 8 bytes a pixel for a colour glyph (BGRA, twice), 2 for an
///   outline (an 8-bit mask, twice). Measured: one 8000-point emoji grew the process by 450–530 MiB.
/// - Written to PDF, outlines stay vectors, but cairo draws a colour glyph as an image at its
///   fallback resolution, 300 pixels per inch of the page, whatever the scale: a 4000-point emoji is
///   16 667 pixels square (the process grew by 1.7 GiB and took 5 CPU-s, about 18 ns a pixel).
/// Whether a glyph is in colour is the face's doing, not the code point's, so it is read from the faces
/// Pango chose (`PangoTextLayout.glyphFaces`). That costs a layout, so it is done only for a Text
/// whose bound (every character a colour glyph) passes `exactAbove`; below, the bound is counted.
struct GlyphImages {
    /// cairo's PDF fallback resolution, pixels per point of the page.
    static let pdfPixelsPerPoint = 300.0 / 72
    /// Bytes of a Text's bound past which its faces are looked up.
    static let exactAbove = 4 << 20

    /// One Text's glyph images.
    struct Text {
        /// Its largest em, pixels as rasterised.
        let emPixels: Double
        /// Bytes cairo holds for them.
        let bytes: Int
        /// Pixels of colour glyphs rasterised (each drawn from its face's bitmap or layers).
        let colorPixels: Double
    }

    /// Every Text of the plan that shows, in plan order.
    let texts: [Text]

    /// The glyph images of `plan`'s Texts, drawn into pixels at the plan's scale, or written to PDF (`pdf`).
    init(plan: RenderPlan, pdf: Bool) {
        var texts: [Text] = []
        for operation in plan.flatOperations {
            guard case .text(let paint) = operation, paint.placement.visiblePixelRect != nil else { continue }
            texts.append(Self.text(paint, pixelsPerPoint: pdf ? Self.pdfPixelsPerPoint : plan.scale, pdf: pdf))
        }
        self.texts = texts
    }

    private static func text(_ paint: TextPaint, pixelsPerPoint: Double, pdf: Bool) -> Text {
        let largest = paint.text.largestPointSize * pixelsPerPoint
        var bound = 0.0
        for run in paint.text.runs {
            let em = min(run.attributes.resolvedFont.pointSize, PangoTextLayout.maxPointSize) * pixelsPerPoint
            bound += 8 * em * em * Double(Set(run.string.unicodeScalars).count)
        }
        guard bound > Double(exactAbove) else { return Text(emPixels: largest, bytes: Int(saturating: bound), colorPixels: bound / 8) }
        var bytes = 0.0, colorPixels = 0.0
        for face in TextLayoutCache.layout(paint.text, proposal: paint.proposal).glyphFaces() {
            let em = face.pointSize * pixelsPerPoint
            let pixels = em * em * Double(face.glyphs.count)
            if face.isColor {
                bytes += 8 * pixels
                colorPixels += pixels
            } else if !pdf {
                bytes += 2 * pixels
            }
        }
        return Text(emPixels: largest, bytes: Int(saturating: bytes), colorPixels: colorPixels)
    }
}
