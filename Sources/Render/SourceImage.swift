import Layout
import Vips

/// One source image of a request: its file, its layout metrics (after orientation), and how to
/// decode it to upright 8-bit sRGB at a useful size.
struct SourceImage {
    /// The name the request used (relative to the source root); errors show this, never server paths.
    let name: String
    let file: ImageFile
    let metrics: ImageMetrics
    /// The EXIF orientation to apply (1…8); the stored tag unless the request fixed one.
    let orientation: ImageOrientation
    /// True when the file's pixels have an alpha band (from the header).
    let hasAlpha: Bool

    /// Reads the header of `file` (opened by `SourceDirectory.file(named:)`). `fixedOrientation`
    /// overrides the EXIF tag (`orient=`). Size limits are checked on the file and on the header,
    /// before any pixel is decoded.
    init(name: String, file: ImageFile, fixedOrientation: ImageOrientation?, limits: RenderLimits) throws(RenderError) {
        self.file = file
        self.name = name
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
              header.width <= limits.maxSourcePixels, header.height <= limits.maxSourcePixels else {
            throw .sourceTooLarge(name, reason: "\(header.width)×\(header.height) pixels, the limit is \(limits.maxSourcePixels) pixels")
        }
        orientation = fixedOrientation ?? ImageOrientation(exifValue: header.exifOrientation) ?? .up
        hasAlpha = header.hasAlpha
        metrics = ImageMetrics(
            pixelWidth: header.width, pixelHeight: header.height,
            scale: ImageMetrics.scale(fromFileName: name), orientation: orientation)
    }

    /// The JPEG/WebP shrink-on-load factor for drawing at `target` pixels: a power of two that still
    /// leaves at least a 2× reduction for the resampling kernel (as `vipsthumbnail` does), so the
    /// block averaging of shrink-on-load never decides the final pixels alone.
    func loadShrink(for target: PixelRect, interpolation: Interpolation) -> Int {
        // Nearest-neighbour output must keep exact source colours; block shrinking would blend them.
        guard interpolation != .none, target.width > 0, target.height > 0 else { return 1 }
        let oriented = metrics.orientedPixelSize
        let factor = min(oriented.width / Double(target.width), oriented.height / Double(target.height))
        return factor >= 16 ? 8 : factor >= 8 ? 4 : factor >= 4 ? 2 : 1
    }

    /// Upright, 8-bit sRGB pixels, decoded at 1/`shrink` size when the format allows.
    func decode(shrink: Int = 1, sequential: Bool = true) throws(VipsError) -> VImage {
        let loaded = try file.load(shrink: shrink, sequential: sequential)
        let upright = orientation == .up && loaded.exifOrientation == 1 ? loaded : try loaded.oriented(exif: orientation.exifValue)
        return try upright.srgb()
    }
}
