import CheckedConversion
import Vips

extension SourceImage {
    /// How a file's loader holds a decode in memory, which `RenderBudget` counts. Measured as peak
    /// RSS growth of `vips avg` over a 7000×7000 RGB file (49 MP; libvips 8.16, libheif 1.19):
    /// JPEG 10 MB, PNG 7, TIFF 7 (decoded in strips as pixels are needed); GIF 204 (its frame as
    /// RGBA), WebP 381 (libwebp's RGBA and libvips's copy of it), AVIF 320 at 8 bits and 613 at 12
    /// (libheif's planes and its interleaved output, two bytes a sample past 8 bits). WebP is held
    /// at its shrink-on-load size; the others, at full size whatever the output.
    enum DecodeMemory: Equatable {
        /// Decoded in strips as the pixels are needed: nothing is held whole.
        case streamed
        /// Decoded whole into memory, this many bytes per decoded pixel.
        case whole(bytesPerPixel: Int)

        /// The model for a file read by `loader` whose header gives `bands` of `bytesPerSample`.
        /// A loader not measured is taken to hold its image whole, in its own bands and depth.
        init(loader: String?, bands: Int, bytesPerSample: Int) {
            let name = loader ?? ""
            if ["jpegload", "pngload", "tiffload"].contains(where: name.hasPrefix) {
                self = .streamed
            } else if name.hasPrefix("heifload") {
                self = .whole(bytesPerPixel: 2 * bands * bytesPerSample + 1)
            } else if name.hasPrefix("webpload") {
                self = .whole(bytesPerPixel: 8)
            } else if name.hasPrefix("gifload") {
                self = .whole(bytesPerPixel: 5)
            } else {
                self = .whole(bytesPerPixel: max(1, bands) * max(1, bytesPerSample))
            }
        }
    }

    /// Bytes a decode at `reduction` holds at once: a JPEG shrink-on-load decoded whole on the
    /// render thread (`decodesWhole`, RGB) and the coefficients it may keep
    /// (`coefficientCaptureBytes`), a full-size JPEG decode made whole from kept coefficients
    /// (`replaysFullSize`), or what the loader itself holds (`decodeMemory`) plus, for a full-size
    /// decode that is kept (`keptFullDecodeBytesPerPixel`), the copy kept; 0 for a decode that streams.
    func heldDecodeBytes(_ reduction: LoadReduction) -> Int {
        let size = reduction.reducedSize(width: storedWidth, height: storedHeight)
        if decodesWhole(reduction) { return keptBytes(reduction) + coefficientCaptureBytes(reduction) }
        if replaysFullSize(reduction) { return size.width * size.height * 3 }
        guard case .whole(let bytesPerPixel) = decodeMemory else { return 0 }
        let kept = reduction == .none ? keptFullDecodeBytesPerPixel : 0
        return Int(saturating: Double(size.width) * Double(size.height) * Double(bytesPerPixel + kept))
    }

    /// Refuses a look at this image's pixels before layout (a trim's search, a content focus) whose
    /// decode at `reduction` would alone hold more than the render budget: the header tells, before
    /// anything is decoded.
    func checkAnalysisDecode(_ reduction: LoadReduction, for purpose: String, limits: RenderLimits) throws(RenderError) {
        let bytes = heldDecodeBytes(reduction)
        guard bytes > limits.maxRenderBytes else { return }
        throw .overBudget(
            "\(purpose) decodes `\(name)` (\(storedWidth)×\(storedHeight)) whole, about \(RenderBudget.mebibytes(bytes)) of memory; one render may use "
                + "\(RenderBudget.mebibytes(limits.maxRenderBytes)); use a smaller source, or leave out \(purpose)")
    }
}
