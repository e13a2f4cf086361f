import CheckedConversion

/// Reads the one field `/info` shows from an ICC profile: its description (ICC.1:2010 §9.2.41 and
/// §10.15 `mluc` for v4; ICC.1:2001 `desc` text description for v2). Bounds are checked on every read:
/// the bytes come from the source file.
enum ICCProfile {
    /// The `desc` tag's text, or `nil` when the profile has none we can read.
    static func description(of bytes: [UInt8]) -> String? {
        // Header (128 bytes), then the tag count and 12-byte entries: signature, offset, size.
        guard let count = uint32(bytes, 128), count < 1000 else { return nil }
        for entry in 0..<Int(count) {
            let at = 132 + entry * 12
            guard let signature = uint32(bytes, at), let offset = uint32(bytes, at + 4), let size = uint32(bytes, at + 8) else { return nil }
            guard signature == 0x6465_7363 else { continue }  // 'desc'
            let start = Int(offset), end = start + Int(size)
            guard end <= bytes.count, size >= 12 else { return nil }
            let tag = Array(bytes[start..<end])
            switch uint32(tag, 0) {
            case 0x6465_7363:  // 'desc': ASCII count (with its NUL), then the text
                guard let length = uint32(tag, 8), 12 + Int(length) <= tag.count else { return nil }
                let text = tag[12..<(12 + Int(length))].prefix { $0 != 0 }
                return String(decoding: text, as: UTF8.self).nonEmpty
            case 0x6D6C_7563:  // 'mluc': the first record, UTF-16BE
                guard let records = uint32(tag, 8), records > 0, let length = uint32(tag, 20), let textOffset = uint32(tag, 24) else { return nil }
                let textStart = Int(textOffset), textEnd = textStart + Int(length)
                guard textEnd <= tag.count else { return nil }
                let units = stride(from: textStart, to: textEnd - 1, by: 2).map { UInt16(tag[$0]) << 8 | UInt16(tag[$0 + 1]) }
                return String(decoding: units, as: UTF16.self).nonEmpty
            default:
                return nil
            }
        }
        return nil
    }

    private static func uint32(_ bytes: [UInt8], _ at: Int) -> UInt32? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        return bytes[at..<(at + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }
}

private extension String {
    var nonEmpty: String? { isEmpty ? nil : self }
}
