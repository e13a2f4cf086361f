import CJPEG
import CVips
import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// Why a scaled JPEG decode (`ImageFile.decodeScaledJPEG`) gave up.
public enum ScaledJPEGError: Error, Sendable {
    /// Corrupt or truncated data, or a libjpeg warning about the data; libjpeg's words.
    case corrupt(String)
    /// The time limit passed while decoding.
    case timedOut
    /// The decoded image, or the number of progressive scans, is over its limit; says which.
    case tooLarge(String)
    /// libvips could not take the decoded pixels.
    case vips(VipsError)
}

/// Which decoder `ImageFile.decodeScaledJPEG` runs.
public enum ScaledJPEGDecoder: Sendable {
    /// A baseline file's 1/8 decode skips most of libjpeg's Huffman decoding (the same bytes); the
    /// rest is libjpeg's.
    case fastest
    /// libjpeg alone: the reference the 1/8 decoder is tested against.
    case libjpeg
}

extension ImageFile {
    /// Most progressive scans a file may have: libjpeg reads every scan, so a file of thousands of
    /// tiny scans is slow to decode at any size (encoders write about ten); the deadline stops the
    /// rest.
    public static let maxProgressiveScans: Int32 = 500

    /// Decodes this JPEG file at 1/`shrink` (1, 2, 4 or 8) into memory on the calling thread, as 8-bit
    /// RGB or grey carrying the file's ICC profile; sizes are rounded down, as libvips's `jpegload`
    /// gives them (libjpeg's partial last block is cropped), whichever decoder runs. This is
    /// libvips's `jpegload` with `shrink` minus its thread hand-offs, for decodes small enough to hold
    /// whole (at most `maxPixels`, from a file of at most `maxSourcePixels`, both checked on the header
    /// before decoding). Like `load`, it fails on libjpeg's warnings (corrupt or truncated
    /// data). `nil` when the file's colour is one this decoder leaves to libvips (CMYK, YCCK).
    /// `resolution` is recorded as the image's (libvips's header read of the file, which also looks at
    /// EXIF), so the output's DPI does not depend on the decoder.
    public func decodeScaledJPEG(
        shrink: Int, resolution: Resolution, timeLimit: Duration?, maxSourcePixels: Int, maxPixels: Int, decoder: ScaledJPEGDecoder = .fastest
    ) throws(ScaledJPEGError) -> VImage? {
        try decodeScaledJPEG(
            shrink: shrink, resolution: resolution, timeLimit: timeLimit, maxSourcePixels: maxSourcePixels, maxPixels: maxPixels,
            decoder: decoder, coefficients: .none)?.image
    }

    /// `decodeScaledJPEG`, also keeping the file's DCT coefficients or decoding from kept ones
    /// (`coefficients`; the same pixels either way).
    public func decodeScaledJPEG(
        shrink: Int, resolution: Resolution, timeLimit: Duration?, maxSourcePixels: Int, maxPixels: Int, decoder: ScaledJPEGDecoder = .fastest,
        coefficients: JPEGCoefficients.Use
    ) throws(ScaledJPEGError) -> ScaledJPEGDecode? {
        var deadline: Int64 = 0
        if let timeLimit {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            // A limit of a day or more is as good as none, and cannot overflow.
            let (seconds, attoseconds) = max(timeLimit, .nanoseconds(1)).components
            deadline = Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec) + min(seconds, 86_400) * 1_000_000_000 + attoseconds / 1_000_000_000
        }
        var decoded = cjpeg_scaled()
        var captured: OpaquePointer?
        let (replaying, captureBytes): (JPEGCoefficients?, Int) =
            switch coefficients {
            case .none: (nil, 0)
            case .replay(let kept): (kept, 0)
            case .capture(let maxBytes): (nil, max(0, maxBytes))
            }
        let result = withExtendedLifetime(replaying) {
            cjpeg_decode_scaled(
                descriptor, Int32(shrink), deadline, Int64(maxSourcePixels), Int64(maxPixels), Self.maxProgressiveScans,
                decoder == .libjpeg ? Int32(CJPEG_LIBJPEG_ONLY) : 0, replaying?.pointer, captureBytes, &captured, &decoded)
        }
        let message = withUnsafeBytes(of: decoded.message) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
        switch Int(result) {
        case Int(CJPEG_OK): break
        case Int(CJPEG_UNSUPPORTED): return nil
        case Int(CJPEG_TIMED_OUT): throw .timedOut
        case Int(CJPEG_TOO_LARGE): throw .tooLarge(message)
        default: throw .corrupt(message)
        }
        let capturedCoefficients = captured.map(JPEGCoefficients.init)
        defer { free(decoded.icc) }
        do {
            let image = try VImage.make("scaled jpeg decode") {
                cvips_from_decoded(
                    $0, decoded.pixels, decoded.width, decoded.height, decoded.bands, decoded.icc, Int(decoded.icc_length),
                    resolution.x, resolution.y)
            }
            let width = max(1, Int(decoded.source_width) / shrink), height = max(1, Int(decoded.source_height) / shrink)
            return ScaledJPEGDecode(
                image: try image.cropped(x: 0, y: 0, width: width, height: height), captured: capturedCoefficients, replayed: decoded.replayed != 0)
        } catch {
            throw .vips(error)
        }
    }
}
