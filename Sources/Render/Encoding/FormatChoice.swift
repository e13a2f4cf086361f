import Layout

/// The output format, decided from the plan before anything is drawn, so the encoder's cost is known
/// up front. AVIF, JPEG XL, WebP and GIF encoders hold the whole image and cannot be stopped at the
/// deadline once they run, so each has a pixel cap (`RenderLimits.maxPixels(for:)`): an explicit
/// `fmt=` beyond it is refused, while `fmt=auto` tries the formats the client accepts in its order
/// and takes the first that passes every check (its cap, then, in `Renderer.prepare`, the memory
/// budget and the time estimate), and in the end JPEG/PNG, which stream and stop at the deadline.
struct FormatChoice: Equatable {
    /// The format to write, or `nil` for `fmt=auto`'s own rule: JPEG, or PNG when the result has
    /// transparency (known only once the pixels are computed).
    let format: ImageFormat?

    /// What may be written for `format` at `canvas` size, in the order to try: one format for an
    /// explicit `fmt=` (refused beyond its cap), else those of `autoFormats` (what the client
    /// accepts, best first) within their caps, then `fmt=auto`'s own rule, which is always last.
    /// With `animated` (an animated source, no `frame=N`), `fmt=auto` keeps the animation where it
    /// can: the accepted formats that animate (WebP), then GIF, which every client decodes, come
    /// first; the caps are per frame, as the encoders take one frame at a time.
    static func candidates(
        format: FormatRequest, autoFormats: [ImageFormat], canvas: PixelSize, limits: RenderLimits, animated: Bool = false
    ) throws(RenderError) -> [FormatChoice] {
        let pixels = canvas.width * canvas.height
        guard case .fixed(let chosen) = format else {
            func fits(_ candidate: ImageFormat) -> Bool { limits.maxPixels(for: candidate).map { pixels <= $0 } ?? true }
            let moving = animated ? autoFormats.filter(\.animates) + [.gif] : []
            var formats: [ImageFormat] = []
            for candidate in moving + autoFormats where fits(candidate) && !formats.contains(candidate) { formats.append(candidate) }
            return formats.map { FormatChoice(format: $0) } + [FormatChoice(format: nil)]
        }
        if let cap = limits.maxPixels(for: chosen), pixels > cap {
            throw .outputTooLarge(
                "\(chosen.rawValue.uppercased()) output is limited to \(cap) pixels and this image is "
                    + "\(canvas.width)×\(canvas.height) (\(pixels)); ask for a smaller size or fmt=jpeg or fmt=png")
        }
        return [FormatChoice(format: chosen)]
    }
}
