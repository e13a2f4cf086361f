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

    /// Most bytes the JPEG coefficients a decode at `reduction` keeps may take (`DerivedSources`):
    /// `coefficientCaptureLimit` for a whole decode at 1/2 or 1/4, else 0.
    func coefficientCaptureBytes(_ reduction: LoadReduction) -> Int {
        guard decodesWhole(reduction), case .jpegShrink(let shrink) = reduction, shrink < 8 else { return 0 }
        return coefficientCaptureLimit
    }

    /// Bytes the decode at `reduction` holds once kept.
    func keptBytes(_ reduction: LoadReduction) -> Int {
        guard decodesWhole(reduction) else { return storedWidth * storedHeight * keptFullDecodeBytesPerPixel }
        let size = reduction.reducedSize(width: storedWidth, height: storedHeight)
        return (size.width + 1) * (size.height + 1) * 3
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
        let capture = coefficientCaptureBytes(reduction)
        let use: JPEGCoefficients.Use =
            if let keptCoefficients { .replay(keptCoefficients) } else if capture > 0 { .capture(maxBytes: capture) } else { .none }
        let started = DerivedSources.threadCPUMilliseconds()
        guard let decoded = try decodeJPEG(shrink: shrink, maxPixels: maxWholeDecodePixels, coefficients: use, deadline: deadline) else {
            return nil
        }
        if let captured = decoded.captured, let derived {
            derived.sources.keep(
                captured, for: DerivedSources.Key(name: name, version: derived.version, kind: .jpegCoefficients),
                cpuMilliseconds: DerivedSources.threadCPUMilliseconds() - started)
        }
        return decoded.image
    }

    /// True when a full-size decode of this JPEG is made whole from its kept coefficients
    /// (`replayedFullSize`): when some were kept, up to `DerivedSources.maxReplayedDecodePixels`.
    func replaysFullSize(_ reduction: LoadReduction) -> Bool {
        keptCoefficients != nil && reduction == .none && storedWidth * storedHeight <= DerivedSources.maxReplayedDecodePixels
    }

    /// The full-size decode of this JPEG made whole from its kept DCT coefficients (libjpeg's pixels,
    /// as libvips's loader gives them); `nil` when it is not to be (`replaysFullSize`).
    func replayedFullSize(_ reduction: LoadReduction, deadline: Deadline?) throws -> VImage? {
        guard replaysFullSize(reduction), let keptCoefficients else { return nil }
        return try decodeJPEG(
            shrink: 1, maxPixels: DerivedSources.maxReplayedDecodePixels, coefficients: .replay(keptCoefficients), deadline: deadline)?.image
    }

    /// A decode by `ImageFile.decodeScaledJPEG` on this thread, its failures as render errors, and
    /// a decode from kept coefficients counted (`DerivedSources.Statistics.replays`).
    private func decodeJPEG(shrink: Int, maxPixels: Int, coefficients: JPEGCoefficients.Use, deadline: Deadline?) throws -> ScaledJPEGDecode? {
        do {
            let decoded = try file.decodeScaledJPEG(
                shrink: shrink, resolution: resolution, timeLimit: deadline?.remaining, maxSourcePixels: maxSourcePixels, maxPixels: maxPixels,
                coefficients: coefficients)
            if decoded?.replayed == true { derived?.sources.countReplay() }
            return decoded
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
