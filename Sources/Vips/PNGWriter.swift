import CDeflate
import Glibc
import CVips
import CheckedConversion

/// Writes 8-bit images as PNG with libdeflate: rows unfiltered (what libvips's `pngsave` writes by
/// default, and the smallest for views: flat colours, gradients across both axes, antialiased text),
/// compressed in one call at `level`, where zlib deflates a stream in small steps. On the og-card
/// view (1200×630) libdeflate's level 6 takes about half zlib's level-6 time, for 1 % more bytes.
/// The file holds IHDR, the resolution (pHYs, as libvips writes it), the image data and IEND:
/// no other metadata.
enum PNGWriter {
    /// libdeflate's compression level (1…12).
    static let level: Int32 = 6
    /// The most bytes of compressed data one IDAT chunk carries.
    static let chunkBytes = 1 << 20

    /// Whether `image` is written here: 8 bits a sample, 1 to 4 bands (grey, grey + alpha, RGB,
    /// RGBA), at most `VImage.directWritePixels`.
    static func accepts(_ image: VImage) -> Bool {
        image.isUnsignedChar && (1...4).contains(image.bands) && image.width * image.height <= VImage.directWritePixels
    }

    /// `image` (`accepts(image)`) as a PNG file.
    static func encode(_ image: VImage) throws(VipsError) -> [UInt8] {
        precondition(accepts(image), "PNGWriter writes 8-bit images of 1 to 4 bands, up to VImage.directWritePixels")
        let width = image.width, height = image.height, bands = image.bands
        // Each row is preceded by its filter type, 0 (none).
        let row = width * bands
        let filteredCount = (row + 1) * height
        let filtered = UnsafeMutablePointer<UInt8>.allocate(capacity: filteredCount)
        defer { filtered.deallocate() }
        for y in 0..<height { filtered[(row + 1) * y] = 0 }
        try image.computeRows(into: filtered + 1, stride: row + 1)
        let compressor = try threadCompressor()
        let bound = libdeflate_zlib_compress_bound(compressor, filteredCount)
        let compressed = UnsafeMutablePointer<UInt8>.allocate(capacity: bound)
        defer { compressed.deallocate() }
        let length = libdeflate_zlib_compress(compressor, filtered, filteredCount, compressed, bound)
        guard length > 0 else { throw VipsError(operation: "pngsave", message: "the compressed data did not fit its bound") }

        var file: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        file.reserveCapacity(length + length / chunkBytes * 12 + 128)
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [8, colourType(bands: bands), 0, 0, 0]
        append("IHDR", header, to: &file)
        // Pixels per metre, from libvips's pixels per millimetre.
        let resolution = image.resolution
        let perMetre = { (value: Double) in UInt32(saturating: (value * 1000).rounded()) }
        append("pHYs", bigEndian(perMetre(resolution.x)) + bigEndian(perMetre(resolution.y)) + [1], to: &file)
        var offset = 0
        repeat {
            let count = min(chunkBytes, length - offset)
            append("IDAT", Array(UnsafeBufferPointer(start: compressed + offset, count: count)), to: &file)
            offset += count
        } while offset < length
        append("IEND", [], to: &file)
        return file
    }

    /// The calling thread's compressor, made on first use and freed when the thread ends: its
    /// match-finder tables (about 1 MB at level 6) are allocated and touched once, not per image.
    private static func threadCompressor() throws(VipsError) -> OpaquePointer {
        if let stored = pthread_getspecific(compressorKey) { return OpaquePointer(stored) }
        guard let made = libdeflate_alloc_compressor(level) else { throw VipsError(operation: "pngsave", message: "out of memory") }
        pthread_setspecific(compressorKey, UnsafeRawPointer(made))
        return made
    }

    private static let compressorKey: pthread_key_t = {
        var key = pthread_key_t()
        pthread_key_create(&key) { stored in
            if let stored { libdeflate_free_compressor(OpaquePointer(stored)) }
        }
        return key
    }()

    /// PNG's colour type for 8-bit samples in `bands` bands.
    private static func colourType(bands: Int) -> UInt8 {
        switch bands {
        case 1: 0
        case 2: 4
        case 3: 2
        default: 6
        }
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [
            UInt8(truncatingIfNeeded: value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8),
            UInt8(truncatingIfNeeded: value),
        ]
    }

    /// A chunk: length, type, data and the CRC-32 of type and data.
    private static func append(_ type: String, _ data: [UInt8], to file: inout [UInt8]) {
        let typeBytes = Array(type.utf8)
        file += bigEndian(UInt32(data.count))
        file += typeBytes
        file += data
        var crc = libdeflate_crc32(0, typeBytes, typeBytes.count)
        crc = data.withUnsafeBytes { libdeflate_crc32(crc, $0.baseAddress, $0.count) }
        file += bigEndian(crc)
    }
}
