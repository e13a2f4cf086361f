import Layout

extension RenderLimits {
    /// Refuses an image of `width`×`height` on the way to the output (`what` names it for the
    /// client) before libvips or a Swift loop sees the size: libvips aborts the whole process on
    /// sizes beyond its coordinate limit instead of failing the call.
    func checkIntermediate(width: Int, height: Int, _ what: @autoclosure () -> String) throws(RenderError) {
        guard width > maxIntermediateSide || height > maxIntermediateSide else { return }
        throw .outputTooLarge(
            "\(what()) would be \(width)×\(height) pixels before clipping; the longest side allowed is \(maxIntermediateSide)")
    }

    /// The most pixels `format` may encode, or `nil` when its encoder streams and the deadline can stop
    /// it: the configured cap, and never more than the render budget lets its encoder hold with an
    /// eighth of the budget left for the rest of a resize (so a render at the cap is not refused by
    /// the budget; with the defaults the configured caps are the lower).
    func maxPixels(for format: ImageFormat) -> Int? {
        let cap: Int? =
            switch format {
            case .avif: maxAVIFPixels
            case .jxl: maxJXLPixels
            case .webp: maxWebPPixels
            case .gif: maxGIFPixels
            case .jpeg, .png, .pdf: nil
            }
        guard let cap else { return nil }
        return min(cap, (maxRenderBytes - maxRenderBytes / 8) / RenderBudget.encoderBytesPerPixel(format))
    }
}
