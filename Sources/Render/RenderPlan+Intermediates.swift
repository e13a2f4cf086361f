import Layout

extension RenderPlan {
    /// Every rect an operation resamples or fills before clipping must fit
    /// `RenderLimits.maxIntermediateSide`: an image is resampled to its whole frame and then cropped,
    /// and a gradient spans its whole rect, so a tiny clipped canvas can still ask libvips for a
    /// 2-billion-pixel-wide image. Tiles and 9-slice pieces are checked where their sizes are made.
    func checkIntermediateSizes(_ limits: RenderLimits) throws(RenderError) {
        for operation in flatOperations {
            let (placement, what): (Placement?, String) = switch operation {
            case .image(let paint): (paint.placement, "an image's frame")
            case .fill(let fill): (fill.placement, "a fill")
            case .border(let border): (border.placement, "a border")
            case .shape(let shape): (shape.placement, "a shape")
            case .text(let text): (text.placement, "a text")
            case .group: (nil, "")
            }
            guard let placement, placement.visiblePixelRect != nil else { continue }
            try limits.checkIntermediate(width: placement.pixelRect.width, height: placement.pixelRect.height, what)
        }
    }
}

extension PaintOperation {
    /// What in this operation the renderer cannot draw yet, or `nil` when it draws all of it.
    var undrawnName: String? {
        switch self {
        case .image(let op): op.placement.undrawnName
        case .fill(let op): op.placement.undrawnName
        case .border(let op): op.placement.undrawnName
        case .shape(let op): "a \(op.kind) shape"
        case .text: "text"
        case .group(let group):
            if case .shadow = group.effect { "a shadow" } else { "a colour effect" }
        }
    }
}

extension Placement {
    /// Opacity and clip shapes other than rectangles are not drawn yet.
    var undrawnName: String? {
        if opacity != 1 { return "opacity" }
        return isPlain ? nil : "a clip shape"
    }
}
