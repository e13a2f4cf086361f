import Layout
import Vips

/// One source image of a request: its file, its layout metrics (after orientation), and how to
/// decode it to upright 8-bit sRGB at a useful size.
struct SourceImage {
    /// The name the request used (relative to the source root); errors show this, never server paths.
    let name: String
    let file: ImageFile
    /// What layout sees: the stored size, or the trimmed one (`trimmed(_:deadline:)`).
    private(set) var metrics: ImageMetrics
    /// The file's own pixel size as stored (before orientation), whatever a trim keeps.
    let storedWidth: Int, storedHeight: Int
    /// The part of the upright image kept by a trim, in its pixels; `nil` keeps all of it.
    private(set) var trim: PixelRect?
    /// The EXIF orientation to apply (1…8); the stored tag unless the request fixed one.
    let orientation: ImageOrientation
    /// True when the file's pixels have an alpha band (from the header).
    let hasAlpha: Bool
    /// Which shrink-on-load the file's format allows (from the loader that read the header).
    let loaderFamily: LoaderFamily
    /// How its loader holds a decode in memory (from the loader and the header's bands and depth).
    let decodeMemory: DecodeMemory
    /// True when decoding changes no colour: RGB or grey without an embedded ICC profile (not CMYK),
    /// so the file's own JPEG bytes show what `decode` shows (the PDF writer embeds them unchanged).
    let hasPlainColor: Bool
    /// Frames the file holds (the header's `n-pages`): several for an animated GIF or WebP, else 1
    /// (pages of other formats are not animation frames).
    let frameCount: Int
    /// Milliseconds each frame shows, in frame order, as the header says (may be empty).
    let frameDelays: [Int]
    /// Times the animation plays (0: forever), as the header says; 0 when it says nothing.
    let loop: Int
    /// The frame `decode` returns (0-based): `frame=N`, or each frame in turn of an animated render.
    var frame = 0
    /// Every frame decoded once, stacked top to bottom (`decodingAllFrames`), when the render
    /// animates this image: `decode` cuts its `frame` from them instead of reading the file again.
    var allFrames: VImage?
    /// True when the header holds EXIF, XMP or IPTC (`meta` may keep some): otherwise the encoder
    /// need not read the header again.
    let hasMetadata: Bool
    /// `RenderLimits.maxWholeDecodePixels` and `maxSourcePixels`.
    let maxWholeDecodePixels: Int, maxSourcePixels: Int
    /// The density libvips read from the header, given to pixels decoded without it.
    let resolution: Resolution
    /// Where a whole decode is looked up before decoding and kept after (`Renderer.derivedSources`),
    /// under this file's name and `ResolvedSource.version`; `nil` decodes every time.
    let derived: (sources: DerivedSources, version: String)?
    /// Bytes a pixel of a kept full-size decode holds: the loader's bands × bytes per sample for a
    /// HEIF/AVIF file (libheif has no reduced decode, so every size decodes it whole at full size, and
    /// the next size can start from that decode); 0 for the formats whose full-size decodes are not kept.
    let keptFullDecodeBytesPerPixel: Int
    /// The JPEG original's DCT coefficients an earlier decode kept (`DerivedSources`), looked up once
    /// when the header is read, so that what the render budget counts and what the decode does agree:
    /// its decodes at other scales, full size included, start from them.
    let keptCoefficients: JPEGCoefficients?
    /// Most bytes of coefficients a decode at 1/2 or 1/4 of this JPEG may keep when none are kept
    /// yet: 2 bytes per source pixel (a camera photo at high quality takes about that, a q90 one 0.8),
    /// at most a quarter of the store and of the render budget; 0 without a store.
    let coefficientCaptureLimit: Int

    /// Reads the header of `file` (opened by `SourceDirectory.file(named:)`). `orientation` resolves
    /// the EXIF tag (`orient=` overrides it, `turn=` turns it further). Size limits are checked on the
    /// file and on the header, before any pixel is decoded. `derived` keeps and finds this file's whole
    /// decodes under its `version`.
    init(
        name: String, file: ImageFile, orientation request: OrientationRequest = .auto, limits: RenderLimits,
        derived: (sources: DerivedSources, version: String)? = nil
    ) throws(RenderError) {
        self.file = file
        self.name = name
        self.derived = derived
        guard file.size <= limits.maxSourceBytes else {
            throw .sourceTooLarge(name, reason: "\(file.size) bytes, the limit is \(limits.maxSourceBytes)")
        }
        let header: VImage
        do {
            header = try file.load()
        } catch {
            // Only a failed header read pays for sniffing the loader: no loader means not an image
            // we read; a blocked one is an untrusted loader (SVG, PDF, …) configuration keeps off.
            if (try? file.loaderName()) == nil || error.message.contains("is blocked") { throw .unsupportedSource(name) }
            throw .undecodable(name, detail: "\(error)")
        }
        guard header.width.multipliedReportingOverflow(by: header.height).partialValue <= limits.maxSourcePixels,
            header.width <= limits.maxSourcePixels, header.height <= limits.maxSourcePixels
        else {
            throw .sourceTooLarge(name, reason: "\(header.width)×\(header.height) pixels, the limit is \(limits.maxSourcePixels) pixels")
        }
        orientation = request.resolved(exif: ImageOrientation(exifValue: header.exifOrientation) ?? .up)
        hasAlpha = header.hasAlpha
        loaderFamily = LoaderFamily(loader: header.loader)
        decodeMemory = DecodeMemory(loader: header.loader, bands: header.bands, bytesPerSample: header.bytesPerSample)
        keptFullDecodeBytesPerPixel = derived != nil && header.loader?.hasPrefix("heifload") == true ? header.bands * header.bytesPerSample : 0
        let animates = loaderFamily == .webp || header.loader?.hasPrefix("gifload") == true
        frameCount = animates ? header.pageCount : 1
        frameDelays = animates ? header.frameDelays : []
        loop = header.loopCount ?? 0
        hasPlainColor = !header.hasICCProfile && (header.bands == 1 || header.bands == 3)
        hasMetadata = header.hasKeepableMetadata
        maxWholeDecodePixels = limits.maxWholeDecodePixels
        if let derived, loaderFamily == .jpeg {
            keptCoefficients = derived.sources.coefficients(for: DerivedSources.Key(name: name, version: derived.version, kind: .jpegCoefficients))
            let limit = min(header.width * header.height * 2, derived.sources.capacity / 4, limits.maxRenderBytes / 4)
            coefficientCaptureLimit = keptCoefficients == nil ? limit : 0
        } else {
            keptCoefficients = nil
            coefficientCaptureLimit = 0
        }
        maxSourcePixels = limits.maxSourcePixels
        resolution = header.resolution
        (storedWidth, storedHeight) = (header.width, header.height)
        metrics = ImageMetrics(
            pixelWidth: header.width, pixelHeight: header.height,
            scale: ImageMetrics.scale(fromFileName: name), orientation: orientation)
    }

    /// This image cut to `crop`'s window of its upright pixels (`.crop(…)`), known from the header alone.
    func cropped(_ crop: ImageCrop) -> SourceImage {
        let upright = metrics.orientedPixelSize
        return keeping(crop.rect(inWidth: Int(saturating: upright.width), height: Int(saturating: upright.height)))
    }

    /// This image keeping only `rect` of its upright pixels (`trimmed(_:deadline:)` finds it).
    func keeping(_ rect: PixelRect) -> SourceImage {
        var kept = self
        kept.trim = rect
        let (width, height) = orientation.swapsAxes ? (rect.height, rect.width) : (rect.width, rect.height)
        kept.metrics = ImageMetrics(pixelWidth: width, pixelHeight: height, scale: metrics.scale, orientation: orientation)
        return kept
    }

    /// The shrink-on-load for drawing at `target` pixels: the largest the format offers that still
    /// decodes at least `target` pixels in both axes, so the resampling kernel always makes the final
    /// reduction (of 1× or more) and never has to enlarge. JPEG: 1/2, 1/4 or 1/8, sizes rounded down;
    /// WebP: any scale, sizes rounded to nearest; other formats: none (libvips 8.14 has no PNG
    /// shrink-on-load, and HEIF only offers embedded thumbnails, which need not match the image).
    /// Going past vipsthumbnail's 2× margin costs nothing visible once encoded: the 4032×3024 sample
    /// at 300×225, JPEG q80, is 30.67 dB PSNR from a lanczos3 resize of the full decode at 1/8 against
    /// 30.70 dB at 1/4 (46.8 vs 50.6 dB before encoding), and renders in 23 instead of 28 CPU-ms
    /// (`ShrinkOnLoadQualityTests`).
    func loadReduction(for target: PixelRect, interpolation: Interpolation) -> LoadReduction {
        // Nearest-neighbour output must keep exact source colours; block shrinking would blend them.
        guard interpolation != .none, target.width > 0, target.height > 0 else { return .none }
        // Shrink-on-load works on stored pixels, before orientation turns them; a trim keeps the
        // fraction `kept` of them, which must still hold the target.
        let (width, height) = (storedWidth, storedHeight)
        let kept = (width: Double(metrics.pixelWidth) / Double(width), height: Double(metrics.pixelHeight) / Double(height))
        let (wantedWidth, wantedHeight) = orientation.swapsAxes ? (target.height, target.width) : (target.width, target.height)
        func fits(_ reduction: LoadReduction) -> Bool {
            let reduced = reduction.reducedSize(width: width, height: height)
            return Double(reduced.width) * kept.width >= Double(wantedWidth) && Double(reduced.height) * kept.height >= Double(wantedHeight)
        }
        switch loaderFamily {
        case .jpeg:
            return [8, 4, 2].lazy.map { LoadReduction.jpegShrink($0) }.first(where: fits) ?? .none
        case .webp:
            let scale = max(Double(wantedWidth) / Double(metrics.pixelWidth), Double(wantedHeight) / Double(metrics.pixelHeight))
            guard scale < 1, fits(.webpScale(scale)) else { return .none }
            return .webpScale(scale)
        case .other:
            return .none
        }
    }

    /// Upright, 8-bit sRGB pixels, decoded at a reduced size when `reduction` says so. A JPEG
    /// shrink-on-load whose result is small enough (`decodesWhole`) is decoded at once, on this
    /// thread, by libjpeg-turbo; everything else is decoded lazily by libvips's loaders, as pixels are
    /// needed. With a store of derived sources, such a whole decode (and a HEIF/AVIF file's full-size
    /// one) is looked up there first and kept there after (`derivedKey`). `deadline` bounds the decode
    /// done here; the Watchdog bounds libvips's.
    func decode(reduction: LoadReduction = .none, sequential: Bool = true, deadline: Deadline? = nil) throws(RenderError) -> VImage {
        do {
            // A turn or a vertical flip reads rows out of order, which a sequential decode cannot
            // serve past its small row cache (libvips fails mid-image): such images load randomly.
            let inOrder = orientation == .up || orientation == .upMirrored
            let loaded = try load(reduction: reduction, sequential: sequential && inOrder, deadline: deadline)
            let upright = orientation == .up && loaded.exifOrientation == 1 ? loaded : try loaded.oriented(exif: orientation.exifValue)
            return try kept(upright).srgb()
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            throw Self.verdict(on: error, sources: [self], deadline: deadline)
        } catch {
            throw .internalFailure(VipsError(operation: "decode", message: "\(error)"))
        }
    }

    /// True when `decode(reduction:)` decodes the file whole into memory: a JPEG shrink-on-load of at
    /// most `RenderLimits.maxWholeDecodePixels` (libjpeg's sizes, rounded up). Decoding straight into
    /// one buffer skips libvips's loader threads, which cost 2 CPU-ms of hand-offs per thumbnail.
    func decodesWhole(_ reduction: LoadReduction) -> Bool {
        guard loaderFamily == .jpeg, case .jpegShrink(let shrink) = reduction else { return false }
        let (width, height) = ((storedWidth + shrink - 1) / shrink, (storedHeight + shrink - 1) / shrink)
        return width * height <= maxWholeDecodePixels
    }

    private func load(reduction: LoadReduction, sequential: Bool, deadline: Deadline?) throws -> VImage {
        if let allFrames {
            return try allFrames.cropped(x: 0, y: frame * storedHeight, width: storedWidth, height: storedHeight)
        }
        if frame > 0 {
            // One frame of an animation: GIF has no shrink-on-load, WebP keeps its scale.
            let scale = if case .webpScale(let scale) = reduction { scale } else { 1.0 }
            return try file.loadPages(first: frame, count: 1, webpScale: scale, sequential: sequential)
        }
        if let key = derivedKey(for: reduction), let derived {
            // A kept decode is handed out as a copy: a render cancelled at its deadline kills its
            // own images, never the one later renders start from.
            if let kept = derived.sources.image(for: key) { return try kept.sharedCopy() }
            let started = DerivedSources.threadCPUMilliseconds()
            if let image = try decodeWhole(reduction, sequential: sequential, deadline: deadline) {
                derived.sources.keep(
                    image, for: key, bytes: keptBytes(reduction), cpuMilliseconds: DerivedSources.threadCPUMilliseconds() - started)
                return try image.sharedCopy()
            }
        } else if let image = try decodeWhole(reduction, sequential: sequential, deadline: deadline) {
            return image
        }
        if let image = try replayedFullSize(reduction, deadline: deadline) { return image }
        return try file.load(reduction: reduction, sequential: sequential)
    }
}

extension SourceImage {
    /// The loaders whose shrink-on-load `loadReduction(for:interpolation:)` uses.
    enum LoaderFamily {
        case jpeg, webp, other

        /// From libvips's loader name (`jpegload_source`, `webpload_source`, …).
        init(loader: String?) {
            self = loader?.hasPrefix("jpegload") == true ? .jpeg : loader?.hasPrefix("webpload") == true ? .webp : .other
        }
    }
}
