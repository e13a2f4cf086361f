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

    /// The most pixels `format` may encode, or `nil` when its encoder streams and the deadline can stop it.
    func maxPixels(for format: ImageFormat) -> Int? {
        switch format {
        case .avif: maxAVIFPixels
        case .jxl: maxJXLPixels
        case .webp: maxWebPPixels
        case .gif: maxGIFPixels
        case .jpeg, .png, .pdf: nil
        }
    }
}
