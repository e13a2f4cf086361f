import CVips
import CheckedConversion

/// One libvips image, owned: the reference is released when this object goes away. Images are
/// immutable descriptions of a computation; pixels are computed only when encoded or copied.
public final class VImage: @unchecked Sendable {
    // @unchecked: a VipsImage is never mutated after creation, and libvips reference counting is atomic.
    /// `package`: the test-support target builds fixtures with libvips calls of its own.
    package let pointer: UnsafeMutablePointer<VipsImage>

    /// Takes over one reference to `pointer`.
    init(owning pointer: UnsafeMutablePointer<VipsImage>) {
        self.pointer = pointer
    }

    deinit {
        cvips_unref(pointer)
    }

    public var width: Int { Int(cvips_width(pointer)) }
    public var height: Int { Int(cvips_height(pointer)) }
    public var bands: Int { Int(cvips_bands(pointer)) }
    /// Bytes of one band of one pixel: 1 for 8-bit images, 2 for 16-bit (a 10- or 12-bit HEIF's too).
    public var bytesPerSample: Int { Int(vips_format_sizeof(cvips_format(pointer))) }
    public var hasAlpha: Bool { vips_image_hasalpha(pointer) != 0 }

    /// The libvips loader that read this image (e.g. `jpegload_source`, `webpload_source`), `nil` for
    /// an image no loader made.
    public var loader: String? { cvips_loader_of(pointer).map { String(cString: $0) } }

    /// EXIF orientation tag (1…8) from the image's metadata, 1 when absent.
    public var exifOrientation: Int { Int(vips_image_get_orientation(pointer)) }

    /// Pixels per millimetre across and down, as the loader read them (JFIF or EXIF density).
    public var resolution: Resolution { Resolution(x: vips_image_get_xres(pointer), y: vips_image_get_yres(pointer)) }

    /// True for 8-bit sRGB pixels, which need no colour conversion.
    var isEightBitSRGB: Bool {
        cvips_format(pointer) == VIPS_FORMAT_UCHAR && cvips_interpretation(pointer) == VIPS_INTERPRETATION_sRGB
    }

    var isCMYK: Bool { cvips_interpretation(pointer) == VIPS_INTERPRETATION_CMYK }
    /// True when an ICC profile is attached to the image.
    public var hasICCProfile: Bool { cvips_has_icc(pointer) != 0 }
    /// The embedded ICC profile's bytes, or `nil` when there is none.
    public var iccProfile: [UInt8]? {
        var length = 0
        guard let bytes = cvips_icc_bytes(pointer, &length), length > 0 else { return nil }
        return Array(UnsafeRawBufferPointer(start: bytes, count: length))
    }
    var isUnsignedChar: Bool { cvips_format(pointer) == VIPS_FORMAT_UCHAR }

    /// Asks libvips to stop computing this image: libvips checks the flag whenever it prepares a
    /// region of it, so an evaluation running through this image (e.g. an encoder) fails soon after.
    /// Safe to call from any thread.
    public func cancel() {
        vips_image_set_kill(pointer, 1)
    }

    /// True once this image's computation was stopped by `cancel` or a deadline.
    public var wasCancelled: Bool { vips_image_iskilled(pointer) != 0 }

    /// Runs a libvips call that produces a new image, turning failure into a `VipsError`.
    package static func make(_ operation: String, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32) throws(VipsError)
        -> VImage
    {
        // Every image starts here, so libvips is always running before its first operation.
        try Vips.start()
        var out: UnsafeMutablePointer<VipsImage>?
        guard body(&out) == 0, let out else { throw VipsError.take(operation: operation) }
        return VImage(owning: out)
    }

    /// The same, for calls on this image.
    package func derive(
        _ operation: String, _ body: (UnsafeMutablePointer<VipsImage>, UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32
    ) throws(VipsError) -> VImage {
        try VImage.make(operation) { body(pointer, $0) }
    }
}
