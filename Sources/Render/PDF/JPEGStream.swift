#if canImport(Glibc)
    import Glibc
#endif
import CheckedConversion

/// The image data of a JPEG file, rebuilt from its markers (ITU T.81 Annex B) for a PDF to embed:
/// the segments a decoder needs, in their order, and nothing else. Metadata (EXIF, XMP, ICC,
/// comments, any other APPn) is what the raster path strips too, and bytes after EOI are not part of
/// the image at all: both would otherwise be published inside the PDF for anyone to read back.
///
/// Kept: SOF (one frame, any non-hierarchical process), DHT, DAC, DQT, DRI, and each SOS with its
/// entropy-coded data (stuffed bytes and RSTn included, copied unchanged), then EOI. APP0 "JFIF" and
/// APP14 "Adobe" are kept cut to their fixed fields (no thumbnail, no trailing bytes), because they
/// decide how a decoder reads the components' colour (YCbCr or RGB; libjpeg's
/// `default_decompress_parms`, PDF's DCTDecode `ColorTransform`).
enum JPEGStream {
    /// The rebuilt stream, or `nil` when the file is not a walk of known markers ending in EOI
    /// (truncated, a hierarchical or DNL file, a stray marker): the caller then re-encodes the
    /// decoded pixels instead of guessing.
    static func imageData(_ bytes: [UInt8]) -> [UInt8]? {
        guard bytes.count >= 4, bytes[0] == 0xFF, bytes[1] == Marker.soi else { return nil }
        var out: [UInt8] = [0xFF, Marker.soi]
        out.reserveCapacity(bytes.count)
        var index = 2
        var frames = 0, scans = 0
        while true {
            // B.1.1.2: a marker is 0xFF then a code; any number of 0xFF fill bytes may come first.
            guard index < bytes.count, bytes[index] == 0xFF else { return nil }
            while index < bytes.count, bytes[index] == 0xFF { index += 1 }
            guard index < bytes.count else { return nil }
            let code = bytes[index]
            index += 1
            if code == Marker.eoi {
                guard frames == 1, scans > 0 else { return nil }
                out += [0xFF, Marker.eoi]
                return out
            }
            // Every other marker we accept starts a segment: a big-endian length that counts itself.
            guard index + 2 <= bytes.count else { return nil }
            let length = Int(bytes[index]) << 8 | Int(bytes[index + 1])
            guard length >= 2, index + length <= bytes.count else { return nil }
            let payload = bytes[(index + 2)..<(index + length)]
            index += length
            // The segment (from its length field) and, after a scan header, the scan's data.
            let kept = index - length
            switch Marker.kind(code) {
            case .frame:
                guard frames == 0 else { return nil }
                frames += 1
            case .table:
                break
            case .scan:
                guard frames == 1, let end = entropyCodedEnd(bytes, from: index) else { return nil }
                scans += 1
                index = end
            case .jfif:
                // "JFIF\0", version (2), units (1), densities (2 + 2), then a thumbnail of 0×0.
                if let fields = fixedFields(payload, identifier: Marker.jfif, count: 12) { out += segment(Marker.app0, fields + [0, 0]) }
                continue
            case .adobe:
                // "Adobe", version (2), flags (2 + 2), colour transform (1).
                if let fields = fixedFields(payload, identifier: Marker.adobe, count: 12) { out += segment(Marker.app14, fields) }
                continue
            case .metadata:
                continue
            case .unsupported:
                return nil
            }
            out += [0xFF, code]
            out += bytes[kept..<index]
        }
    }

    /// The index of the marker that ends the entropy-coded data starting at `start`: 0xFF followed
    /// by anything but a stuffed 0x00 or a restart marker (B.1.1.5, B.2.4.4), or `nil` at the end of
    /// the bytes (a truncated scan).
    private static func entropyCodedEnd(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBytes { buffer in
            // memchr: the data is most of the file, and a byte-by-byte loop is slow outside release builds.
            guard let base = buffer.baseAddress else { return nil }
            var index = start
            while index < buffer.count, let hit = memchr(base + index, 0xFF, buffer.count - index) {
                let found = base.distance(to: UnsafeRawPointer(hit))
                guard found + 1 < buffer.count else { return nil }
                let next = buffer[found + 1]
                if next != 0x00 && !Marker.restarts.contains(next) { return found }
                index = found + 2
            }
            return nil
        }
    }

    /// The first `count` bytes of `payload` when it starts with `identifier`; `nil` otherwise.
    private static func fixedFields(_ payload: ArraySlice<UInt8>, identifier: [UInt8], count: Int) -> [UInt8]? {
        guard payload.count >= count, payload.starts(with: identifier) else { return nil }
        return Array(payload.prefix(count))
    }

    private static func segment(_ code: UInt8, _ payload: [UInt8]) -> [UInt8] {
        let length = payload.count + 2
        return [0xFF, code, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    }
}

extension JPEGStream {
    /// Marker codes (T.81 Table B.1) and what the rebuild does with each.
    enum Marker {
        static let soi: UInt8 = 0xD8, eoi: UInt8 = 0xD9, app0: UInt8 = 0xE0, app14: UInt8 = 0xEE
        static let restarts: ClosedRange<UInt8> = 0xD0...0xD7
        static let jfif = Array("JFIF\0".utf8), adobe = Array("Adobe".utf8)

        enum Kind: Equatable {
            /// SOF0–3, 5–7, 9–11, 13–15: kept, once.
            case frame
            /// DHT, DAC, DQT, DRI: kept.
            case table
            /// SOS: kept with the entropy-coded data after it.
            case scan
            /// APP0 / APP14: kept cut to their fixed fields when they are JFIF / Adobe, else dropped.
            case jfif, adobe
            /// Other APPn and COM: dropped.
            case metadata
            /// DNL, DHP, EXP, JPGn, TEM, RSTn outside a scan, reserved codes, a second SOI.
            case unsupported
        }

        static func kind(_ code: UInt8) -> Kind {
            switch code {
            case 0xC0...0xC3, 0xC5...0xC7, 0xC9...0xCB, 0xCD...0xCF: .frame
            case 0xC4, 0xCC, 0xDB, 0xDD: .table
            case 0xDA: .scan
            case app0: .jfif
            case app14: .adobe
            case 0xE1...0xEF, 0xFE: .metadata
            default: .unsupported
            }
        }
    }
}
