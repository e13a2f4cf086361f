import Layout
import TransformSpec
import Vips

/// Picks the output format and writes the canvas: flattens where the output has no alpha (JPEG,
/// `opaque=1`) and resolves `fmt=auto` to JPEG, or PNG when the result has transparency.
struct Encoder {
    let format: OutputFormat
    let quality: Int
    let isOpaque: Bool
    /// What uncovered pixels become when alpha is dropped: `bg` when the request set one, else white.
    let matte: RGBAColor
    let options: RenderOptions
    /// Formats `fmt=auto` prefers over JPEG/PNG, best first (from the client's `Accept`).
    let autoFormats: [EncodedFormat]
    /// Time left for computing the pixels; libvips is stopped when it runs out.
    let deadline: Duration?

    /// Encodes `canvas`; `sources` name the request's images, for the error when one turns out corrupt.
    func encode(_ canvas: VImage, sources: [String]) throws(RenderError) -> (bytes: [UInt8], format: EncodedFormat, hasAlpha: Bool) {
        do {
            var image = try canvas.cast8()
            let encoded: EncodedFormat
            if format == .auto {
                var transparent = false
                if image.hasAlpha && !isOpaque {
                    // Knowing whether anything is transparent needs the pixels, so compute them once here.
                    let pending = image
                    image = try Watchdog.run(cancelling: pending, after: deadline) { () throws(VipsError) in try pending.materialized() }
                    transparent = try image.minimum(band: image.bands - 1) < 255
                }
                encoded = autoFormats.first ?? (transparent ? .png : .jpeg)
            } else {
                guard let chosen = EncodedFormat(rawValue: format.rawValue) else { throw RenderError.unsupportedFormat(format) }
                encoded = chosen
            }
            if isOpaque || !encoded.supportsAlpha {
                image = try image.flattened(onto: matte.bytes.prefix(3).map(Double.init))
            }
            let final = try image.withoutMetadata()
            let bytes = try Watchdog.run(cancelling: final, after: deadline) { () throws(VipsError) in try write(final, as: encoded) }
            return (bytes, encoded, image.hasAlpha)
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            if error.operation == Watchdog.deadlineError.operation { throw .timedOut }
            throw Self.classify(error, sources: sources)
        } catch {
            throw .internalFailure(VipsError(operation: "encode", message: "\(error)"))
        }
    }

    private func write(_ image: VImage, as format: EncodedFormat) throws(VipsError) -> [UInt8] {
        switch format {
        case .jpeg: try image.jpeg(quality: quality, progressive: options.progressiveJPEG)
        case .png: try image.png()
        case .webp: try image.webp(quality: quality)
        case .avif: try image.avif(quality: quality)
        case .gif: try image.gif()
        }
    }

    /// Pixels are computed lazily while encoding, so a corrupt source surfaces here. libvips names the
    /// failing loader ("jpegload", "VipsJpeg: Premature end…"); encoder failures name a saver and are
    /// ours, not the source's.
    static func classify(_ error: VipsError, sources: [String]) -> RenderError {
        let text = error.message.lowercased()
        let fromLoader = ["load", "premature", "truncat", "corrupt", "vipsjpeg", "vipspng", "not a known", "read error"]
        guard !text.contains("save"), fromLoader.contains(where: text.contains) else { return .internalFailure(error) }
        return .undecodable(sources.sorted().joined(separator: ", "), detail: error.description)
    }
}
