import Layout
import Vips

/// Writes the canvas in the format chosen before drawing (`FormatChoice`): flattens where the output
/// has no alpha (JPEG, `opaque=1`), and for `fmt=auto` without a negotiated format picks JPEG, or PNG
/// when the result has transparency. The request's `EncoderSettings` choose palette, chroma, lossless
/// and progressive writing, and which metadata of the primary source the output keeps.
struct Encoder {
    /// The format decided before drawing; `nil` inside means JPEG or PNG by transparency.
    let choice: FormatChoice
    let quality: EncoderQuality
    /// `maxbytes`: lossy formats search for the highest quality that fits (`QualitySearch`).
    var maxBytes: Int? = nil
    let isOpaque: Bool
    /// What uncovered pixels become when alpha is dropped: `bg` when the request set one, else white.
    let matte: RGBAColor
    let options: RenderOptions
    /// The request's palette, chroma, lossless, progressive and metadata settings.
    var settings = EncoderSettings.default
    /// The request's own image, whose metadata `settings.metadata` keeps; `nil` for a view drawn
    /// without one, whose output carries no metadata.
    var primary: SourceImage? = nil
    /// A view drawn mostly of fills, shapes and text (`RenderPlan.isSynthetic`): encoders that
    /// have settings for such pixels use them.
    var synthetic = false
    /// The render's deadline: libvips is stopped when it passes, and output finished after it is refused.
    let deadline: Deadline

    /// Encodes `canvas`; `sources` are the request's images, checked when encoding fails to tell a
    /// corrupt source (422) from a failure of ours (500): `SourceImage.verdict(on:sources:deadline:)`.
    func encode(_ canvas: VImage, sources: [SourceImage]) throws(RenderError) -> (bytes: [UInt8], format: ImageFormat, hasAlpha: Bool) {
        do {
            // A 16-bit canvas (colormode=extendedLinear, always PNG) keeps its depth.
            var image = canvas.bitsPerSample == 16 ? canvas : try canvas.cast8()
            let encoded: ImageFormat
            if let chosen = choice.format {
                encoded = chosen
            } else {
                var transparent = false
                if image.hasAlpha && !isOpaque {
                    // Knowing whether anything is transparent needs the pixels, so compute them once here.
                    try deadline.check()
                    let pending = image
                    image = try Watchdog.run(cancelling: pending, after: deadline.remaining) { () throws(VipsError) in try pending.materialized() }
                    transparent = try image.minimum(band: image.bands - 1) < 255
                }
                encoded = transparent ? .png : .jpeg
            }
            if isOpaque || !encoded.supportsAlpha {
                image = try image.flattened(onto: matte.bytes.prefix(3).map(Double.init))
            } else if image.hasAlpha {
                // An avatar's transparent corners in photo colours cost a PNG a fifth of its bytes.
                image = try image.zeroingTransparentColour()
            }
            var final = try image.withoutMetadata()
            var keepsMetadata = false
            if let kept = try keptMetadata(on: final, format: encoded) { (final, keepsMetadata) = (kept, true) }
            try deadline.check()
            let bytes: [UInt8]
            if let maxBytes, encoded.usesQuality {
                bytes = try encode(final, as: encoded, within: maxBytes, keepsMetadata: keepsMetadata)
            } else {
                bytes = try Watchdog.run(cancelling: final, after: deadline.remaining) { () throws(VipsError) in
                    try write(final, as: encoded, quality: quality.value(for: encoded), keepsMetadata: keepsMetadata)
                }
            }
            // Encoders that cannot be stopped may finish late; a late result is a timeout, not a success.
            try deadline.check()
            return (bytes, encoded, image.hasAlpha)
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            throw SourceImage.verdict(on: error, sources: sources, deadline: deadline)
        } catch {
            throw .internalFailure(VipsError(operation: "encode", message: "\(error)"))
        }
    }

    /// `maxbytes`: the pixels computed once, then encoded at the qualities `QualitySearch` tries.
    private func encode(_ image: VImage, as format: ImageFormat, within maxBytes: Int, keepsMetadata: Bool) throws -> [UInt8] {
        let pixels = try Watchdog.run(cancelling: image, after: deadline.remaining) { () throws(VipsError) in try image.materialized() }
        return try QualitySearch(maxBytes: maxBytes).best(start: quality.value(for: format)) { (value) throws(RenderError) in
            try deadline.check()
            do throws(VipsError) {
                return try Watchdog.run(cancelling: pixels, after: deadline.remaining) { () throws(VipsError) in
                    try write(pixels, as: format, quality: value, keepsMetadata: keepsMetadata)
                }
            } catch {
                throw error.operation == Watchdog.deadlineError.operation ? .timedOut : .internalFailure(error)
            }
        }.bytes
    }

    /// `image` (stripped) with the metadata of the primary source that `settings.metadata` keeps,
    /// or `nil` when there is none to keep: no source, `meta=none`, a GIF (which holds no EXIF), or
    /// a source without those fields. The source's header is read again: the canvas holds none of it.
    private func keptMetadata(on image: VImage, format: ImageFormat) throws -> VImage? {
        guard let primary, primary.hasMetadata, settings.metadata != .none, format != .gif else { return nil }
        let header = try primary.file.load()
        let kept = try image.keepingMetadata(of: header, all: settings.metadata == .all)
        return kept.kept ? kept.image : nil
    }

    private func write(_ image: VImage, as format: ImageFormat, quality: Int, keepsMetadata: Bool) throws(VipsError) -> [UInt8] {
        let chroma: VImage.ChromaOption =
            switch settings.chroma {
            case nil: .auto
            case .half: .subsampled
            case .full: .full
            }
        let palette = settings.paletteBitDepth.map { VImage.PaletteOption(indexDepth: $0, dither: settings.dither) }
        let progressive = settings.progressive
        let lossless = settings.lossless
        return switch format {
        case .jpeg:
            try image.jpeg(quality: quality, progressive: progressive ?? options.progressiveJPEG, chroma: chroma, keepsMetadata: keepsMetadata)
        case .png: try image.png(bitDepth: image.bitsPerSample, palette: palette, interlaced: progressive ?? false, keepsMetadata: keepsMetadata)
        case .webp: try image.webp(quality: quality, synthetic: synthetic, lossless: lossless, keepsMetadata: keepsMetadata)
        case .avif: try image.avif(quality: quality, lossless: lossless, chroma: chroma, keepsMetadata: keepsMetadata)
        case .jxl: try image.jxl(quality: quality, lossless: lossless, keepsMetadata: keepsMetadata)
        case .gif: try image.gif(dither: settings.dither)
        case .pdf: preconditionFailure("PDF pages are written by PDFWriter, not encoded from a bitmap")
        }
    }
}
