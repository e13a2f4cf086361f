import CVips
import CheckedConversion

/// Options of the savers in `VImage+Save.swift`, in libvips's terms.
extension VImage {
    /// Chroma subsampling of JPEG and AVIF (libvips `subsample_mode`).
    public enum ChromaOption: Sendable {
        /// libvips's choice: 4:2:0 below quality 90, 4:4:4 from 90.
        case auto
        /// Always 4:2:0: colour at half width and height.
        case subsampled
        /// Never: 4:4:4, colour at full resolution.
        case full

        /// VipsForeignSubsample's value.
        var subsampleMode: Int32 {
            switch self {
            case .auto: Int32(VIPS_FOREIGN_SUBSAMPLE_AUTO.rawValue)
            case .subsampled: Int32(VIPS_FOREIGN_SUBSAMPLE_ON.rawValue)
            case .full: Int32(VIPS_FOREIGN_SUBSAMPLE_OFF.rawValue)
            }
        }
    }

    /// A palette PNG: 2^`indexDepth` colours at most, quantised with `dither` (0–1) error diffusion.
    public struct PaletteOption: Sendable {
        /// Bits per palette index: 1, 2, 4 or 8.
        public var indexDepth: Int
        /// libvips's `dither`, 0 (none) to 1 (its default).
        public var dither: Double

        /// `indexDepth` must be 1, 2, 4 or 8.
        public init(indexDepth: Int, dither: Double) {
            precondition([1, 2, 4, 8].contains(indexDepth), "PNG palette indices are 1, 2, 4 or 8 bits")
            self.indexDepth = indexDepth
            self.dither = dither
        }
    }

    /// True when the image carries an EXIF, XMP or IPTC block: what `keepingMetadata(of:all:)` can keep.
    public var hasKeepableMetadata: Bool {
        ["exif-data", "xmp-data", "iptc-data"].contains { (name: String) in vips_image_get_typeof(pointer, name) != 0 }
    }

    /// This image (stripped of metadata) with the metadata of `source`, a source image's header,
    /// that the output keeps: with `all`, its EXIF (GPS included), XMP and IPTC; without, only its
    /// EXIF Copyright, in an EXIF block of its own (`ExifCopyright`). An EXIF block written says
    /// orientation 1 (the pixels are upright) and has no thumbnail. `kept` is false when `source`
    /// had nothing to keep: the savers then write no metadata at all.
    public func keepingMetadata(of source: VImage, all: Bool) throws(VipsError) -> (image: VImage, kept: Bool) {
        if all {
            var kept: Int32 = 0
            let image = try derive("keep metadata") { cvips_keep_all_metadata($0, source.pointer, $1, &kept) }
            return (image, kept != 0)
        }
        var length = 0
        guard let data = cvips_blob(source.pointer, VIPS_META_EXIF_NAME, &length),
            let notice = ExifCopyright.notice(in: Array(UnsafeRawBufferPointer(start: data, count: length)))
        else { return (self, false) }
        let block = ExifCopyright.block(notice: notice)
        let image = try block.withUnsafeBytes { bytes in
            capture { () throws(VipsError) in try derive("keep copyright") { cvips_with_exif($0, $1, bytes.baseAddress, bytes.count) } }
        }.get()
        return (image, true)
    }
}
