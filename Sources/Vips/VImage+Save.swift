import CVips
import CheckedConversion

extension VImage {
    /// The same pixels without EXIF, XMP, IPTC, ICC or orientation metadata.
    public func withoutMetadata() throws(VipsError) -> VImage {
        try derive("strip metadata") { cvips_without_metadata($0, $1) }
    }

    /// JPEG; `progressive` writes an interlaced file; `chroma` subsampling (`nil`: libvips's choice,
    /// 4:2:0 below quality 90); `keepsMetadata` writes the EXIF, XMP and IPTC fields the image
    /// carries (`keepingMetadata(of:all:)`), else none.
    public func jpeg(quality: Int, progressive: Bool = false, chroma: ChromaOption = .auto, keepsMetadata: Bool = false) throws(VipsError) -> [UInt8]
    {
        try encode("jpegsave") {
            cvips_jpegsave($0, $1, $2, Int32(quality), progressive ? 1 : 0, chroma.subsampleMode, Self.keepFlags(keepsMetadata))
        }
    }

    /// PNG with `bitDepth` bits per sample (8, or 16 for a 16-bit image): 8-bit images up to
    /// `directWritePixels` through `PNGWriter` when no option needs libvips, others through libvips.
    /// `palette` quantises to a palette (libimagequant); `interlaced` writes Adam7.
    public func png(bitDepth: Int = 8, palette: PaletteOption? = nil, interlaced: Bool = false, keepsMetadata: Bool = false) throws(VipsError)
        -> [UInt8]
    {
        let keep = Self.keepFlags(keepsMetadata)
        if let palette {
            // The quantiser takes RGB(A); a grey canvas is widened first.
            let colour = bands < 3 ? try srgb() : self
            return try colour.encode("pngsave") {
                cvips_pngsave_palette($0, $1, $2, Int32(palette.indexDepth), palette.dither, interlaced ? 1 : 0, keep)
            }
        }
        if bitDepth == 8, !interlaced, !keepsMetadata, PNGWriter.accepts(self) { return try PNGWriter.encode(self) }
        return try encode("pngsave") { cvips_pngsave($0, $1, $2, Int32(bitDepth), interlaced ? 1 : 0, keep) }
    }

    /// WebP. A `synthetic` image (a view drawn of fills, shapes and text) that is a lossy still up
    /// to `directWritePixels` without metadata goes through `WebPWriter`, at the method that pays
    /// for such pixels; photos, animations, lossless and larger images through libvips.
    public func webp(quality: Int, synthetic: Bool = false, lossless: Bool = false, keepsMetadata: Bool = false) throws(VipsError) -> [UInt8] {
        if synthetic, !lossless, !keepsMetadata, WebPWriter.accepts(self) { return try WebPWriter.encode(self, quality: quality) }
        let bytes = try encode("webpsave") { cvips_webpsave($0, $1, $2, Int32(quality), lossless ? 1 : 0, Self.keepFlags(keepsMetadata)) }
        return keepsMetadata ? bytes : WebPContainer.strippingMetadata(bytes)
    }

    /// AVIF (AV1 in HEIF), lossy at `quality` with `chroma` subsampling, or `lossless`.
    public func avif(quality: Int, lossless: Bool = false, chroma: ChromaOption = .auto, keepsMetadata: Bool = false) throws(VipsError) -> [UInt8] {
        try encode("avifsave") {
            cvips_avifsave($0, $1, $2, Int32(quality), lossless ? 1 : 0, chroma.subsampleMode, Self.keepFlags(keepsMetadata))
        }
    }

    /// JPEG XL, lossy at `quality` or `lossless`.
    public func jxl(quality: Int, lossless: Bool = false, keepsMetadata: Bool = false) throws(VipsError) -> [UInt8] {
        try encode("jxlsave") { cvips_jxlsave($0, $1, $2, Int32(quality), lossless ? 1 : 0, Self.keepFlags(keepsMetadata)) }
    }

    /// GIF (palette, with `dither` 0–1 error diffusion: libvips's default 1), metadata stripped.
    public func gif(dither: Double = 1) throws(VipsError) -> [UInt8] {
        try encode("gifsave") { cvips_gifsave($0, $1, $2, dither) }
    }

    /// VipsForeignKeep: EXIF, XMP and IPTC when the image carries fields to keep, else nothing.
    private static func keepFlags(_ keeps: Bool) -> Int32 {
        keeps ? Int32(VIPS_FOREIGN_KEEP_EXIF.rawValue | VIPS_FOREIGN_KEEP_XMP.rawValue | VIPS_FOREIGN_KEEP_IPTC.rawValue) : 0
    }

    /// Runs a libvips save-to-buffer call and copies the bytes out.
    package func encode(
        _ operation: String,
        _ body: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutableRawPointer?>, UnsafeMutablePointer<Int>) -> Int32
    ) throws(VipsError) -> [UInt8] {
        var buffer: UnsafeMutableRawPointer?
        var length = 0
        guard body(pointer, &buffer, &length) == 0, let buffer else { throw VipsError.take(operation: operation) }
        defer { cvips_free(buffer) }
        return Array(UnsafeRawBufferPointer(start: buffer, count: length))
    }
}
