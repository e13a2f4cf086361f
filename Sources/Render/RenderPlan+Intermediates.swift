import Layout

extension RenderPlan {
    /// Every rect an operation resamples or fills before clipping must fit
    /// `RenderLimits.maxIntermediateSide`: an image is resampled to its whole frame and then cropped,
    /// and a gradient spans its whole rect, so a tiny clipped canvas can still ask libvips for a
    /// 2-billion-pixel-wide image. Tiles and 9-slice pieces are checked where their sizes are made.
    func checkIntermediateSizes(_ limits: RenderLimits) throws(RenderError) {
        for operation in operations {
            let (placement, what): (Placement, String) = switch operation {
            case .image(let paint): (paint.placement, "an image's frame")
            case .fill(let fill): (fill.placement, "a fill")
            case .border(let border): (border.placement, "a border")
            }
            guard placement.visiblePixelRect != nil else { continue }
            try limits.checkIntermediate(width: placement.pixelRect.width, height: placement.pixelRect.height, what)
        }
    }
}
