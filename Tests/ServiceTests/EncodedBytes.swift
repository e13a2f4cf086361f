/// Reads the structure of encoded files from their bytes: PNG chunks and IHDR, JPEG markers and
/// frame headers, WebP chunks, and the TIFF directories of an EXIF block; and writes a small EXIF
/// block (for sources carrying a copyright, an artist and a GPS position).
enum EncodedBytes {
    /// The big-endian 16-bit value at `i`.
    static func u16be(_ b: [UInt8], _ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
    /// The big-endian 32-bit value at `i`.
    static func u32be(_ b: [UInt8], _ i: Int) -> Int { u16be(b, i) << 16 | u16be(b, i + 2) }

    /// PNG chunks in order: type and data.
    static func pngChunks(_ png: [UInt8]) -> [(type: String, data: [UInt8])] {
        var chunks: [(String, [UInt8])] = []
        var i = 8
        while i + 8 <= png.count {
            let length = u32be(png, i)
            let type = String(decoding: png[(i + 4)..<(i + 8)], as: UTF8.self)
            guard i + 12 + length <= png.count else { break }
            chunks.append((type, Array(png[(i + 8)..<(i + 8 + length)])))
            i += 12 + length
        }
        return chunks
    }

    /// IHDR's bit depth, colour type (3: palette) and interlace method (1: Adam7).
    static func pngHeader(_ png: [UInt8]) -> (bitDepth: Int, colorType: Int, interlace: Int)? {
        guard let ihdr = pngChunks(png).first(where: { $0.type == "IHDR" })?.data, ihdr.count == 13 else { return nil }
        return (Int(ihdr[8]), Int(ihdr[9]), Int(ihdr[12]))
    }

    /// JPEG segments before the scan: marker (0xC0 = SOF0, 0xC2 = SOF2, 0xE1 = APP1…) and payload.
    static func jpegSegments(_ jpeg: [UInt8]) -> [(marker: UInt8, data: [UInt8])] {
        var segments: [(UInt8, [UInt8])] = []
        var i = 2
        while i + 4 <= jpeg.count, jpeg[i] == 0xFF {
            let marker = jpeg[i + 1]
            let length = u16be(jpeg, i + 2)
            guard i + 2 + length <= jpeg.count else { break }
            segments.append((marker, Array(jpeg[(i + 4)..<(i + 2 + length)])))
            if marker == 0xDA { break }
            i += 2 + length
        }
        return segments
    }

    /// The sampling-factor byte (H << 4 | V) of each component of the frame header (SOF0 or SOF2).
    static func jpegSamplingFactors(_ jpeg: [UInt8]) -> [UInt8] {
        guard let frame = jpegSegments(jpeg).first(where: { $0.marker == 0xC0 || $0.marker == 0xC2 })?.data else { return [] }
        let components = Int(frame[5])
        return (0..<components).map { frame[6 + 3 * $0 + 1] }
    }

    /// The TIFF bytes of the JPEG's EXIF APP1 segment, if it has one.
    static func jpegExif(_ jpeg: [UInt8]) -> [UInt8]? {
        let header: [UInt8] = Array("Exif\0\0".utf8)
        guard let app1 = jpegSegments(jpeg).first(where: { $0.marker == 0xE1 && $0.data.starts(with: header) }) else { return nil }
        return Array(app1.data.dropFirst(header.count))
    }

    /// AVIF's chroma subsampling from its `av1C` box (AV1 codec configuration, third byte: bit 3
    /// subsampling in x, bit 2 in y): (1, 1) is 4:2:0, (0, 0) 4:4:4.
    static func avifSubsampling(_ avif: [UInt8]) -> (x: Int, y: Int)? {
        let name: [UInt8] = Array("av1C".utf8)
        guard let at = (0..<max(0, avif.count - 7)).first(where: { Array(avif[$0..<($0 + 4)]) == name }) else { return nil }
        let flags = avif[at + 6]
        return (Int(flags >> 3 & 1), Int(flags >> 2 & 1))
    }

    /// WebP RIFF chunk types (`VP8 `, `VP8L`, `VP8X`, `EXIF`…).
    static func webpChunks(_ webp: [UInt8]) -> [String] {
        var types: [String] = []
        var i = 12
        while i + 8 <= webp.count {
            types.append(String(decoding: webp[i..<(i + 4)], as: UTF8.self))
            let size = Int(webp[i + 4]) | Int(webp[i + 5]) << 8 | Int(webp[i + 6]) << 16 | Int(webp[i + 7]) << 24
            i += 8 + size + size % 2
        }
        return types
    }

    /// One TIFF directory entry as read: tag, type and its value or the offset of it.
    struct Entry {
        let tag: Int, type: Int, count: Int, valueOffset: Int
        /// The entry's 4 value bytes as stored (a value of up to 4 bytes lies here).
        let field: [UInt8]
    }

    /// The entries of the IFD at `offset` of a TIFF block in either byte order.
    static func tiffDirectory(_ tiff: [UInt8], at offset: Int) -> [Entry] {
        let little = tiff[0] == 0x49
        func u16(_ i: Int) -> Int { little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : u16be(tiff, i) }
        func u32(_ i: Int) -> Int { little ? u16(i) | u16(i + 2) << 16 : u32be(tiff, i) }
        guard offset + 2 <= tiff.count else { return [] }
        return (0..<u16(offset)).compactMap { n in
            let e = offset + 2 + 12 * n
            guard e + 12 <= tiff.count else { return nil }
            let type = u16(e + 2)
            // SHORT values fit in the field's first two bytes.
            let value = type == 3 ? u16(e + 8) : u32(e + 8)
            return Entry(tag: u16(e), type: type, count: u32(e + 4), valueOffset: value, field: Array(tiff[(e + 8)..<(e + 12)]))
        }
    }

    /// IFD0 of a TIFF block (its offset at byte 4).
    static func ifd0(_ tiff: [UInt8]) -> [Entry] {
        let little = tiff[0] == 0x49
        let offset = little ? Int(tiff[4]) | Int(tiff[5]) << 8 | Int(tiff[6]) << 16 | Int(tiff[7]) << 24 : u32be(tiff, 4)
        return tiffDirectory(tiff, at: offset)
    }

    /// An ASCII entry's text (without its NUL), stored in the entry (up to 4 bytes) or at its offset.
    static func ascii(_ tiff: [UInt8], _ entry: Entry) -> String? {
        guard entry.type == 2 else { return nil }
        if entry.count <= 4 { return String(decoding: entry.field.prefix { $0 != 0 }, as: UTF8.self) }
        guard entry.valueOffset + entry.count <= tiff.count else { return nil }
        return String(decoding: tiff[entry.valueOffset..<(entry.valueOffset + entry.count)].prefix { $0 != 0 }, as: UTF8.self)
    }

    static let copyrightTag = 0x8298, artistTag = 0x013B, gpsTag = 0x8825, orientationTag = 0x0112

    /// A big-endian EXIF block (with its `Exif\0\0` header) holding IFD0's Artist, Copyright,
    /// Orientation and a GPS directory with a latitude reference and latitude. `copyrightOffset`
    /// overrides where the Copyright entry says its text lies (a malformed block); texts are longer
    /// than 4 bytes.
    static func exifBlock(artist: String, copyright: String, orientation: Int, copyrightOffset badOffset: Int? = nil) -> [UInt8] {
        var out: [UInt8] = Array("MM".utf8) + [0, 42, 0, 0, 0, 8]
        func u16(_ v: Int) -> [UInt8] { [UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v >> 16) + u16(v & 0xFFFF) }
        let artistBytes = Array(artist.utf8) + [0], copyrightBytes = Array(copyright.utf8) + [0]
        // IFD0: 4 entries, then next-IFD 0, then the strings, then the GPS IFD.
        let ifd0Size = 2 + 4 * 12 + 4
        let artistOffset = 8 + ifd0Size
        let copyrightOffset = artistOffset + artistBytes.count
        let gpsOffset = copyrightOffset + copyrightBytes.count
        out += u16(4)
        out += u16(artistTag) + u16(2) + u32(artistBytes.count) + u32(artistOffset)
        out += u16(orientationTag) + u16(3) + u32(1) + u16(orientation) + [0, 0]
        out += u16(copyrightTag) + u16(2) + u32(copyrightBytes.count) + u32(badOffset ?? copyrightOffset)
        out += u16(gpsTag) + u16(4) + u32(1) + u32(gpsOffset)
        out += u32(0)
        out += artistBytes + copyrightBytes
        // GPS IFD: GPSVersionID, GPSLatitudeRef "N", GPSLatitude 51/1 30/1 0/1.
        let gpsSize = 2 + 3 * 12 + 4
        let latitudeOffset = gpsOffset + gpsSize
        out += u16(3)
        out += u16(0) + u16(1) + u32(4) + [2, 3, 0, 0]
        out += u16(1) + u16(2) + u32(2) + Array("N".utf8) + [0, 0, 0]
        out += u16(2) + u16(5) + u32(3) + u32(latitudeOffset)
        out += u32(0)
        out += u32(51) + u32(1) + u32(30) + u32(1) + u32(0) + u32(1)
        return Array("Exif\0\0".utf8) + out
    }

    /// `jpeg` with an APP1 segment holding `exif` (from `exifBlock`) right after SOI.
    static func insertingExif(_ exif: [UInt8], into jpeg: [UInt8]) -> [UInt8] {
        let length = exif.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + exif + jpeg.dropFirst(2)
    }
}
