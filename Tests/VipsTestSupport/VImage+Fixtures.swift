import CVips
import Vips

// Test-only: fixture building (colour-space conversions, metadata that Render strips, buffer
// decoding) kept out of the shipped `Vips` target. The one module besides `Vips` that imports
// CVips, through `Vips`'s `package` helpers (`make`, `derive`, `encode`, `pointer`).

/// Colour spaces a test fixture or a conversion may target.
public enum Colourspace: Sendable {
    case srgb, cmyk, rgb16, grey16, bw

    var vips: VipsInterpretation {
        switch self {
        case .srgb: VIPS_INTERPRETATION_sRGB
        case .cmyk: VIPS_INTERPRETATION_CMYK
        case .rgb16: VIPS_INTERPRETATION_RGB16
        case .grey16: VIPS_INTERPRETATION_GREY16
        case .bw: VIPS_INTERPRETATION_B_W
        }
    }
}

extension VImage {
    /// Decodes an encoded image held in memory (any enabled loader).
    public static func decode(_ bytes: [UInt8]) throws(VipsError) -> VImage {
        try bytes.withUnsafeBytes { buffer in
            capture { () throws(VipsError) in try make("load buffer") { cvips_load_buffer(buffer.baseAddress, buffer.count, 0, $0) } }
        }.get()
    }

    /// The same pixels converted to another colour space (e.g. CMYK or 16-bit RGB fixtures).
    public func converted(to space: Colourspace) throws(VipsError) -> VImage {
        try derive("colourspace") { cvips_colourspace($0, $1, space.vips) }
    }

    /// The sRGB pixels converted to the ICC profile `profile` (libvips's built-in `p3` (Display P3) or
    /// `cmyk`, or a profile file's path), with that profile attached, e.g. wide-gamut fixtures.
    public func converted(toProfile profile: String) throws(VipsError) -> VImage {
        try derive("icc transform") { cvips_icc_convert($0, $1, profile) }
    }

    /// A copy whose metadata carries EXIF orientation `exif` (1…8); pixels are unchanged.
    public func taggedWithOrientation(_ exif: Int) throws(VipsError) -> VImage {
        try derive("set orientation") { cvips_set_orientation($0, $1, Int32(exif)) }
    }

    /// True for 8 bits per band.
    public var isEightBit: Bool { cvips_format(pointer) == VIPS_FORMAT_UCHAR }

    /// True when libvips interprets the pixels as sRGB.
    public var isSRGB: Bool { cvips_interpretation(pointer) == VIPS_INTERPRETATION_sRGB }

    /// JPEG keeping metadata (EXIF orientation, ICC).
    public func jpegKeepingMetadata(quality: Int) throws(VipsError) -> [UInt8] {
        try encode("jpegsave") { cvips_jpegsave_keep($0, $1, $2, Int32(quality)) }
    }

    /// Baseline JPEG with chroma at 4:2:0 (`subsampled`) or 4:4:4 (a grey image has one channel), a
    /// restart marker every `restartInterval` MCUs (0: none), and optimised Huffman tables when
    /// `optimized` (else the standard ones).
    public func jpeg(quality: Int, subsampled: Bool, restartInterval: Int, optimized: Bool = false) throws(VipsError) -> [UInt8] {
        try encode("jpegsave") {
            cvips_jpegsave_layout($0, $1, $2, Int32(quality), subsampled ? 1 : 0, Int32(restartInterval), optimized ? 1 : 0)
        }
    }

    /// AVIF at `bitDepth` (8, 10 or 12; a 16-bit image keeps its precision), at the fastest effort.
    public func avif(bitDepth: Int) throws(VipsError) -> [UInt8] {
        try encode("heifsave") { cvips_avifsave_depth($0, $1, $2, Int32(bitDepth)) }
    }

    /// PNG keeping metadata.
    public func pngKeepingMetadata() throws(VipsError) -> [UInt8] {
        try encode("pngsave") { cvips_pngsave_keep($0, $1, $2) }
    }

    /// Bits per band of the pixel format (8, 16, 32…).
    public var bitsPerBand: Int {
        switch cvips_format(pointer) {
        case VIPS_FORMAT_UCHAR, VIPS_FORMAT_CHAR: 8
        case VIPS_FORMAT_USHORT, VIPS_FORMAT_SHORT: 16
        case VIPS_FORMAT_DOUBLE, VIPS_FORMAT_DPCOMPLEX: 64
        default: 32
        }
    }
}
