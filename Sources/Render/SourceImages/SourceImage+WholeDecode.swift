import Vips

extension SourceImage {
    /// The key under which the decode at `reduction` is kept (`DerivedSources`), when it may be: a
    /// JPEG decoded whole on the render thread (`decodesWhole`), or a HEIF/AVIF file's full-size
    /// decode that fits the store. `nil` without a store, or for a decode that streams.
    func derivedKey(for reduction: LoadReduction) -> DerivedSources.Key? {
        guard let derived else { return nil }
        let keeps =
            decodesWhole(reduction) || (reduction == .none && keptFullDecodeBytesPerPixel > 0 && keptBytes(reduction) <= derived.sources.capacity)
        return keeps ? DerivedSources.Key(name: name, version: derived.version, reduction: reduction) : nil
    }

    /// Bytes the decode at `reduction` holds once kept.
    func keptBytes(_ reduction: LoadReduction) -> Int {
        decodesWhole(reduction) ? heldDecodeBytes(reduction) : storedWidth * storedHeight * keptFullDecodeBytesPerPixel
    }

    /// The decode at `reduction` made whole, in memory, now: a JPEG shrink-on-load small enough
    /// (`decodesWhole`) by libjpeg-turbo on this thread, within `deadline`; a HEIF/AVIF file's
    /// full-size decode when it is to be kept (`derivedKey`), by libheif, which decodes whole
    /// anyway. `nil` for everything else, and for a JPEG colour space left to libvips (CMYK,
    /// YCCK): libvips's loaders decode those lazily.
    func decodeWhole(_ reduction: LoadReduction, sequential: Bool, deadline: Deadline?) throws -> VImage? {
        if reduction == .none, keptFullDecodeBytesPerPixel > 0, derivedKey(for: reduction) != nil {
            return try file.load(reduction: .none, sequential: sequential).materialized()
        }
        guard case .jpegShrink(let shrink) = reduction, decodesWhole(reduction) else { return nil }
        do {
            return try file.decodeScaledJPEG(
                shrink: shrink, resolution: resolution, timeLimit: deadline?.remaining, maxSourcePixels: maxSourcePixels,
                maxPixels: maxWholeDecodePixels)
        } catch .corrupt(let detail) {
            throw RenderError.undecodable(name, detail: "jpeg decode: \(detail)")
        } catch .timedOut {
            throw RenderError.timedOut
        } catch .tooLarge(let reason) {
            throw RenderError.sourceTooLarge(name, reason: reason)
        } catch .vips(let error) {
            throw RenderError.internalFailure(error)
        }
    }
}
