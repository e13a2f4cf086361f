import Layout

/// The output format, decided from the plan before anything is drawn, so the encoder's cost is known
/// up front. AVIF, WebP and GIF encoders hold the whole image and cannot be stopped at the deadline
/// once they run, so each has a pixel cap (`RenderLimits.maxAVIFPixels`…): an explicit `fmt=` beyond
/// it is refused, while `fmt=auto` passes over a capped format to the next one the client accepts,
/// and in the end to JPEG/PNG, which stream and stop at the deadline.
struct FormatChoice: Equatable {
    /// The format to write, or `nil` for `fmt=auto`'s own rule: JPEG, or PNG when the result has
    /// transparency (known only once the pixels are computed).
    let format: ImageFormat?

    /// Chooses for `format` at `canvas` size; `autoFormats` are what the client accepts, best first.
    /// With `animated` (an animated source, no `frame=N`), `fmt=auto` keeps the animation: the first
    /// accepted format that animates (WebP), else GIF, which every client decodes; the caps are per
    /// frame, as the encoders take one frame at a time.
    init(format: FormatRequest, autoFormats: [ImageFormat], canvas: PixelSize, limits: RenderLimits, animated: Bool = false) throws(RenderError) {
        let pixels = canvas.width * canvas.height
        func fits(_ candidate: ImageFormat) -> Bool { limits.maxPixels(for: candidate).map { pixels <= $0 } ?? true }
        guard case .fixed(let chosen) = format else {
            let moving = animated ? (autoFormats.filter(\.animates) + [.gif]).first(where: fits) : nil
            self.format = moving ?? autoFormats.first(where: fits)
            return
        }
        if let cap = limits.maxPixels(for: chosen), pixels > cap {
            throw .outputTooLarge(
                "\(chosen.rawValue.uppercased()) output is limited to \(cap) pixels and this image is "
                    + "\(canvas.width)×\(canvas.height) (\(pixels)); ask for a smaller size or fmt=jpeg or fmt=png")
        }
        self.format = chosen
    }
}
