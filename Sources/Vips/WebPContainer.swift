import CheckedConversion

/// Edits a WebP file's RIFF container (https://developers.google.com/speed/webp/docs/riff_container).
///
/// Why: libvips 8.14's webpsave writes an EXIF chunk of its own (resolution, orientation 1) even
/// when asked to strip metadata; later versions have `keep` for this.
enum WebPContainer {
    /// Chunks that carry metadata, and their flag bits in the VP8X header.
    private static let metadataChunks: [String: UInt8] = ["EXIF": 0x08, "XMP ": 0x04, "ICCP": 0x20]

    /// `bytes` without EXIF, XMP and ICC chunks; unchanged if it is not an extended WebP file.
    static func strippingMetadata(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.count >= 12, fourCC(bytes, 0) == "RIFF", fourCC(bytes, 8) == "WEBP" else { return bytes }
        var out = Array(bytes[0..<12])
        var clearedFlags: UInt8 = 0
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(littleEndian32(bytes, offset + 4))
            let end = offset + 8 + size + (size & 1)
            guard end <= bytes.count else { return bytes }
            let name = fourCC(bytes, offset)
            if let flag = metadataChunks[name] {
                clearedFlags |= flag
            } else {
                out += bytes[offset..<end]
            }
            offset = end
        }
        guard offset == bytes.count else { return bytes }
        // The VP8X chunk, when present, is first; its flags byte says which optional chunks follow.
        if fourCC(out, 12) == "VP8X", out.count > 20 { out[20] &= ~clearedFlags }
        let riffSize = UInt32(out.count - 8)
        for i in 0..<4 { out[4 + i] = UInt8((riffSize >> (8 * UInt32(i))) & 0xFF) }
        return out
    }

    private static func fourCC(_ bytes: [UInt8], _ offset: Int) -> String {
        guard offset + 4 <= bytes.count else { return "" }
        return String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    private static func littleEndian32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        (0..<4).reduce(UInt32(0)) { $0 | UInt32(bytes[offset + $1]) << (8 * UInt32($1)) }
    }
}
