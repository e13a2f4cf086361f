import CheckedConversion
import Layout
import Vips

/// Where the operations of one plan put ink, in canvas pixels: the single place that turns a plan's
/// shapes and clips (points, root coordinates) into pixel paths and areas, shared by the budget,
/// the size checks and the drawing so that all three agree on every extent.
struct PaintGeometry {
    /// Pixels per point.
    let scale: Double
    /// The whole canvas, at (0, 0).
    let canvas: PixelRect
    /// The plan's rounding of points to pixels.
    let grid: PixelGrid

    /// Mapped layers reaching beyond this many pixels from the origin are not drawn (no `Int` conversion traps).
    static let maxMappedPixel = 1e12

    init(plan: RenderPlan) {
        scale = plan.scale
        canvas = PixelRect(x: 0, y: 0, width: plan.canvas.width, height: plan.canvas.height)
        grid = PixelGrid(scale: plan.scale)
    }

    /// The part of the canvas every clip of `clips` lets through (rect clips exactly; other shapes
    /// by their bounds, the mask cuts the rest); `nil` when nothing is.
    func clipArea(_ clips: [ResolvedShape]) -> PixelRect? {
        var area: PixelRect? = canvas
        for clip in clips { area = area?.intersection(grid.pixelRect(clip.rect)) }
        return area
    }

    /// `shape`'s outline on the pixel grid: its rect rounded as leaves are, corners in pixels.
    func path(_ shape: ResolvedShape) -> ShapePath {
        let rect = Rect(grid.pixelRect(shape.rect))
        switch shape.outline {
        case .rectangle:
            return .rectangle(rect)
        case let .roundedRectangle(corner, style):
            return .roundedRectangle(rect, cornerWidth: corner.width * scale, cornerHeight: corner.height * scale, style: style)
        case .ellipse:
            return .ellipse(rect)
        }
    }

    /// The path and line width (pixels; `nil` fills) a shape leaf traces in its pixel rect.
    func trace(_ shape: ShapePaint) -> (path: ShapePath, lineWidth: Double?) {
        shape.drawing.trace(shape.kind, in: Rect(shape.placement.pixelRect), scale: scale)
    }

    /// The pixels `operation` can change on the canvas, clips and canvas applied; `nil` when none.
    /// A stroke's ink reaches past its view's bounds; a group's includes its shadow or blur.
    func inkArea(_ operation: PaintOperation) -> PixelRect? {
        switch operation {
        case .image(let op): op.placement.visiblePixelRect
        case .fill(let op): op.placement.visiblePixelRect
        case .border(let op): op.placement.visiblePixelRect
        case .text(let op): op.placement.visiblePixelRect
        case .symbol(let op): op.placement.visiblePixelRect
        case .shape(let op): inkArea(op)
        case .group(let group): groupArea(group)?.result
        }
    }

    /// A shape leaf's ink: its traced path's bounds grown by the line, inside its clips.
    func inkArea(_ shape: ShapePaint) -> PixelRect? {
        let traced = trace(shape)
        guard let ink = ShapeRasterizer.inkBounds(traced.path, lineWidth: traced.lineWidth) else { return nil }
        return clipArea(shape.placement.clips).flatMap { ink.intersection($0) }
    }

    /// The extents of an effect group: `content`, the offscreen layer its operations are drawn
    /// into (the union of their ink), `effect`, that layer grown by the shadow or blur (before the
    /// canvas cuts it: what libvips allocates), and `result`, what reaches the canvas.
    func groupArea(_ group: EffectGroup) -> (content: PixelRect, effect: PixelRect, result: PixelRect?)? {
        let inks = group.operations.compactMap { inkArea($0) }
        guard let first = inks.first else { return nil }
        let content = inks.dropFirst().reduce(first) { $0.union($1) }
        var effect = content
        switch group.effect {
        case .shadow(let shadow):
            let margin = VImage.blurMargin(sigma: max(shadow.radius, 0) * scale)
            let moved = PixelRect(
                x: content.x + grid.pixel(shadow.x) - margin, y: content.y + grid.pixel(shadow.y) - margin,
                width: content.width + 2 * margin, height: content.height + 2 * margin)
            effect = content.union(moved)
        case .color(.blur(let radius, false)):
            let margin = VImage.blurMargin(sigma: max(radius, 0) * scale)
            effect = PixelRect(x: content.x - margin, y: content.y - margin, width: content.width + 2 * margin, height: content.height + 2 * margin)
        case .color, .blend:
            break
        case .transform(let transform):
            // The layer's pixel square mapped, rounded outwards: what the turned or scaled layer can cover.
            guard transform.isInvertible else { return nil }
            let mapped = transform.scaled(by: scale).bounds(of: Rect(content))
            guard mapped.isFinite, [mapped.x, mapped.y, mapped.maxX, mapped.maxY].allSatisfy({ abs($0) < Self.maxMappedPixel }) else { return nil }
            let x0 = Int(saturating: mapped.x.rounded(.down)), y0 = Int(saturating: mapped.y.rounded(.down))
            effect = PixelRect(
                x: x0, y: y0, width: Int(saturating: mapped.maxX.rounded(.up)) - x0, height: Int(saturating: mapped.maxY.rounded(.up)) - y0)
        case .mask:
            // Only where the mask puts ink does the content show.
            let maskInks = group.mask.compactMap { inkArea($0) }
            guard let firstMask = maskInks.first, let shown = content.intersection(maskInks.dropFirst().reduce(firstMask) { $0.union($1) }) else {
                return nil
            }
            return (content, content, clipArea(group.clips).flatMap { shown.intersection($0) })
        }
        return (content, effect, clipArea(group.clips).flatMap { effect.intersection($0) })
    }
}

extension Rect {
    /// A pixel rect as a rect of pixel coordinates.
    init(_ pixels: PixelRect) {
        self.init(x: Double(pixels.x), y: Double(pixels.y), width: Double(pixels.width), height: Double(pixels.height))
    }
}

extension PixelRect {
    /// The smallest rect holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x0 = min(x, other.x), y0 = min(y, other.y)
        return PixelRect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }
}
