import Layout
import Vips

extension RenderPlan {
    /// Every rect an operation resamples or fills before clipping must fit
    /// `RenderLimits.maxIntermediateSide`: an image is resampled to its whole frame and then cropped,
    /// and a gradient spans its whole rect, so a tiny clipped canvas can still ask libvips for a
    /// 2-billion-pixel-wide image. A shadow or blur grows its group's layer by 2.8σ on every side
    /// before the canvas cuts it. Tiles and 9-slice pieces are checked where their sizes are made.
    func checkIntermediateSizes(_ limits: RenderLimits) throws(RenderError) {
        for operation in flatOperations {
            let (placement, what): (Placement?, String) =
                switch operation {
                case .image(let paint): (paint.placement, "an image's frame")
                case .fill(let fill): (fill.placement, "a fill")
                case .border(let border): (border.placement, "a border")
                case .shape(let shape): (shape.placement, "a shape")
                case .text(let text): (text.placement, "a text")
                case .symbol(let symbol): (symbol.placement, "a symbol")
                case .group: (nil, "")
                }
            guard let placement, placement.visiblePixelRect != nil else { continue }
            try limits.checkIntermediate(width: placement.pixelRect.width, height: placement.pixelRect.height, what)
        }
        let geometry = PaintGeometry(plan: self)
        for group in effectGroups {
            guard let area = geometry.groupArea(group), area.result != nil else { continue }
            let what = if case .shadow = group.effect { "a shadow" } else { "a blurred layer" }
            try limits.checkIntermediate(width: area.effect.width, height: area.effect.height, what)
        }
    }

    /// Every effect group, nested ones too, outermost first.
    var effectGroups: [EffectGroup] {
        func groups(in operations: [PaintOperation]) -> [EffectGroup] {
            operations.flatMap { operation -> [EffectGroup] in
                if case .group(let group) = operation { [group] + groups(in: group.operations + group.mask) } else { [] }
            }
        }
        return groups(in: operations)
    }
}
