import Layout

extension RenderPlan {
    /// Every rect an operation resamples or fills before clipping must fit
    /// `RenderLimits.maxIntermediateSide`: an image is resampled to its whole frame and then cropped,
    /// and a gradient spans its whole rect, so a tiny clipped canvas can still ask libvips for a
    /// 2-billion-pixel-wide image. Tiles and 9-slice pieces are checked where their sizes are made.
    func checkIntermediateSizes(_ limits: RenderLimits) throws(RenderError) {
        for operation in operations {
            switch operation {
            case .image(let paint):
                guard paint.placement.visiblePixelRect != nil else { continue }
                let rect = paint.placement.pixelRect
                try limits.checkIntermediate(width: rect.width, height: rect.height, "an image's frame")
            case .fill(let fill):
                guard fill.placement.visiblePixelRect != nil else { continue }
                let rect = fill.placement.pixelRect
                try limits.checkIntermediate(width: rect.width, height: rect.height, "a fill")
            case .border(let border):
                guard border.placement.visiblePixelRect != nil else { continue }
                let rect = border.placement.pixelRect
                try limits.checkIntermediate(width: rect.width, height: rect.height, "a border")
            }
        }
    }
}
