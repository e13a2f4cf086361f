/// How the encoder writes the image, beyond the format and its quality: a palette PNG (`png`,
/// `dither`), JPEG and AVIF chroma subsampling (`chroma`), lossless WebP, AVIF and JPEG XL
/// (`lossless`), progressive JPEG and interlaced PNG (`progressive`), and which of the source's
/// metadata the output keeps (`meta`). Each default is stated once, in `default`, and a setting at
/// its default is left out of the canonical form.
public struct EncoderSettings: Sendable, Hashable {
    /// The defaults: no palette, libvips's dithering (1), libvips's chroma (`nil`), lossy, the
    /// service's `jpeg.progressive` (`nil`), and the source's copyright notice kept.
    public static let `default` = EncoderSettings()

    /// `png=palette[:N]`: PNG written with a palette of at most this many colours (2, 4, 16 or
    /// 256: PNG's 1, 2, 4 and 8-bit indices); `nil` writes full colour.
    public var paletteColors: Int?
    /// `dither`: how much error diffusion the palette quantiser applies, 0–1 (libvips's `dither`).
    public var dither: Double
    /// `chroma`: JPEG's (and AVIF's) chroma subsampling; `nil` leaves libvips's choice, 4:2:0 below
    /// quality 90 and 4:4:4 from 90.
    public var chroma: ChromaSubsampling?
    /// `lossless=1`: WebP, AVIF and JPEG XL written losslessly.
    public var lossless: Bool
    /// `progressive`: progressive JPEG and Adam7-interlaced PNG when true, neither when false;
    /// `nil` follows the service's `jpeg.progressive` (PNG not interlaced).
    public var progressive: Bool?
    /// `meta`: which of the primary source's metadata the output carries.
    public var metadata: MetadataPolicy

    /// Palette sizes `png=palette:N` accepts: PNG stores 1, 2, 4 or 8-bit palette indices, and the
    /// quantiser (libvips, libimagequant) fills a palette of 2^depth entries.
    public static let paletteSizes = [2, 4, 16, 256]
    /// The palette size of `png=palette` without `:N`.
    public static let defaultPaletteColors = 256
    /// Formats `lossless=1` applies to.
    public static let losslessFormats: [ImageFormat] = [.webp, .avif, .jxl]
    /// Formats `progressive` applies to (JPEG progressive scans, PNG Adam7 interlacing).
    public static let progressiveFormats: [ImageFormat] = [.jpeg, .png]

    /// Settings at the defaults stated here, each changed by its argument.
    public init(
        paletteColors: Int? = nil, dither: Double = 1, chroma: ChromaSubsampling? = nil, lossless: Bool = false, progressive: Bool? = nil,
        metadata: MetadataPolicy = .copyright
    ) {
        self.paletteColors = paletteColors
        self.dither = dither
        self.chroma = chroma
        self.lossless = lossless
        self.progressive = progressive
        self.metadata = metadata
    }

    /// The palette's index depth in bits (1, 2, 4 or 8), `nil` for full colour.
    public var paletteBitDepth: Int? {
        paletteColors.map { colors in (1...8).first { 1 << $0 >= colors } ?? 8 }
    }
}

/// `chroma=444|420`: whether colour is stored at full resolution or at half in each direction.
public enum ChromaSubsampling: String, CaseIterable, Sendable, Hashable {
    /// Full-resolution colour: sharp coloured text and UI edges, larger files.
    case full = "444"
    /// Colour at half width and height: the usual choice for photos.
    case half = "420"

    /// The formats `chroma` applies to.
    public static let formats: [ImageFormat] = [.jpeg, .avif]
}

/// `meta=copyright|all|none`: which metadata of the request's own image the output keeps. Pixels
/// are already upright, so no output keeps an orientation other than 1; views drawn without a
/// source image have no metadata to keep.
public enum MetadataPolicy: String, CaseIterable, Sendable, Hashable {
    /// Only the EXIF Copyright notice (as imgproxy's `keep_copyright`); the default.
    case copyright
    /// The source's EXIF (GPS included), XMP and IPTC.
    case all
    /// Nothing.
    case none
}
