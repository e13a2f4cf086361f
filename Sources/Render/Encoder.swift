import Layout
import Vips

/// Writes the canvas in the format chosen before drawing (`FormatChoice`): flattens where the output
/// has no alpha (JPEG, `opaque=1`), and for `fmt=auto` without a negotiated format picks JPEG, or PNG
/// when the result has transparency.
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
            let final = try image.withoutMetadata()
            try deadline.check()
            let bytes: [UInt8]
            if let maxBytes, encoded.usesQuality {
                bytes = try encode(final, as: encoded, within: maxBytes)
            } else {
                bytes = try Watchdog.run(cancelling: final, after: deadline.remaining) { () throws(VipsError) in
                    try write(final, as: encoded, quality: quality.value(for: encoded))
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
    private func encode(_ image: VImage, as format: ImageFormat, within maxBytes: Int) throws -> [UInt8] {
        let pixels = try Watchdog.run(cancelling: image, after: deadline.remaining) { () throws(VipsError) in try image.materialized() }
        return try QualitySearch(maxBytes: maxBytes).best(start: quality.value(for: format)) { (value) throws(RenderError) in
            try deadline.check()
            do throws(VipsError) {
                return try Watchdog.run(cancelling: pixels, after: deadline.remaining) { () throws(VipsError) in
                    try write(pixels, as: format, quality: value)
                }
            } catch {
                throw error.operation == Watchdog.deadlineError.operation ? .timedOut : .internalFailure(error)
            }
        }.bytes
    }

    private func write(_ image: VImage, as format: ImageFormat, quality: Int) throws(VipsError) -> [UInt8] {
        switch format {
        case .jpeg: try image.jpeg(quality: quality, progressive: options.progressiveJPEG)
        case .png: try image.png(bitDepth: image.bitsPerSample)
        case .webp: try image.webp(quality: quality, synthetic: synthetic)
        case .avif: try image.avif(quality: quality)
        case .jxl: try image.jxl(quality: quality)
        case .gif: try image.gif()
        case .pdf: preconditionFailure("PDF pages are written by PDFWriter, not encoded from a bitmap")
        }
    }
}
