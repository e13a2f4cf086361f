import CVips
import CheckedConversion

extension VImage {
    /// The same pixels without EXIF, XMP, IPTC, ICC or orientation metadata.
    public func withoutMetadata() throws(VipsError) -> VImage {
        try derive("strip metadata") { cvips_without_metadata($0, $1) }
    }

    /// JPEG, metadata stripped; `progressive` writes an interlaced file.
    public func jpeg(quality: Int, progressive: Bool = false) throws(VipsError) -> [UInt8] {
        try encode("jpegsave") { cvips_jpegsave($0, $1, $2, Int32(quality), progressive ? 1 : 0) }
    }

    /// PNG, metadata stripped, with `bitDepth` bits per sample (8, or 16 for a 16-bit image): 8-bit
    /// images up to `directWritePixels` through `PNGWriter`, others through libvips.
    public func png(bitDepth: Int = 8) throws(VipsError) -> [UInt8] {
        if bitDepth == 8, PNGWriter.accepts(self) { return try PNGWriter.encode(self) }
        return try encode("pngsave") { cvips_pngsave($0, $1, $2, Int32(bitDepth)) }
    }

    /// WebP, metadata stripped. A `synthetic` image (a view drawn of fills, shapes and text) that is a
    /// still up to `directWritePixels` goes through `WebPWriter`, at the method that pays for such
    /// pixels; photos, animations and larger images through libvips.
    public func webp(quality: Int, synthetic: Bool = false) throws(VipsError) -> [UInt8] {
        if synthetic, WebPWriter.accepts(self) { return try WebPWriter.encode(self, quality: quality) }
        return WebPContainer.strippingMetadata(try encode("webpsave") { cvips_webpsave($0, $1, $2, Int32(quality)) })
    }

    /// AVIF (AV1 in HEIF), metadata stripped.
    public func avif(quality: Int) throws(VipsError) -> [UInt8] {
        try encode("avifsave") { cvips_avifsave($0, $1, $2, Int32(quality)) }
    }

    /// JPEG XL (lossy at `quality`), metadata stripped.
    public func jxl(quality: Int) throws(VipsError) -> [UInt8] {
        try encode("jxlsave") { cvips_jxlsave($0, $1, $2, Int32(quality)) }
    }

    /// GIF (palette), metadata stripped.
    public func gif() throws(VipsError) -> [UInt8] {
        try encode("gifsave") { cvips_gifsave($0, $1, $2) }
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
