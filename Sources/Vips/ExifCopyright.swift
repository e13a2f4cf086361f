import CheckedConversion

/// The EXIF Copyright notice (TIFF tag 0x8298 in IFD0), read from a source's EXIF block as its
/// bytes and written into a block of its own: what `meta=copyright` keeps. The source's block is
/// untrusted, so every offset is checked against its length; anything malformed reads as no notice.
enum ExifCopyright {
    /// The TIFF tag of the copyright notice (EXIF 2.3, Table 4).
    static let tag = 0x8298
    /// What precedes the TIFF header in a JPEG's APP1 segment, and in libvips's `exif-data`.
    static let header: [UInt8] = Array("Exif\0\0".utf8)

    /// The notice's bytes as stored (ASCII; a photographer's and an editor's part are separated by
    /// a NUL), from `exif`: a TIFF block with or without the `Exif\0\0` header. `nil` when absent,
    /// empty or malformed.
    static func notice(in exif: [UInt8]) -> [UInt8]? {
        let tiff = exif.starts(with: header) ? Array(exif.dropFirst(header.count)) : exif
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ i: Int) -> Int? {
            guard i >= 0, i + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[i]) | Int(tiff[i + 1]) << 8 : Int(tiff[i]) << 8 | Int(tiff[i + 1])
        }
        func u32(_ i: Int) -> Int? {
            guard let a = u16(i), let b = u16(i + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd = u32(4), let count = u16(ifd) else { return nil }
        for index in 0..<count {
            let entry = ifd + 2 + 12 * index
            guard let entryTag = u16(entry) else { return nil }
            guard entryTag == tag else { continue }
            // Type 2 is ASCII, one byte per component; up to 4 bytes are stored in the entry itself.
            guard u16(entry + 2) == 2, let length = u32(entry + 4), length > 0 else { return nil }
            let start = length <= 4 ? entry + 8 : (u32(entry + 8) ?? -1)
            guard start >= 0, start <= tiff.count, length <= tiff.count - start else { return nil }
            var bytes = Array(tiff[start..<(start + length)])
            while bytes.last == 0 { bytes.removeLast() }
            // A notice of spaces only is what some cameras store for "none".
            guard bytes.contains(where: { $0 != 0 && $0 != 0x20 }) else { return nil }
            return bytes
        }
        return nil
    }

    /// An EXIF block (with its `Exif\0\0` header, little-endian) whose IFD0 holds the notice alone;
    /// libvips adds the fields a saver requires (resolution, orientation, dimensions).
    static func block(notice: [UInt8]) -> [UInt8] {
        func u16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8(v >> 8 & 0xFF)] }
        func u32(_ v: Int) -> [UInt8] { u16(v & 0xFFFF) + u16(v >> 16 & 0xFFFF) }
        let value = notice + [0]
        // Header (8), then the IFD: its count (2), one entry (12), the next IFD's offset (4).
        let dataOffset = 8 + 2 + 12 + 4
        var tiff: [UInt8] = [0x49, 0x49, 42, 0] + u32(8) + u16(1)
        tiff += u16(tag) + u16(2) + u32(value.count)
        tiff += value.count <= 4 ? value + [UInt8](repeating: 0, count: 4 - value.count) : u32(dataOffset)
        tiff += u32(0)
        if value.count > 4 { tiff += value }
        return header + tiff
    }
}
