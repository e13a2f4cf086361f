import CResample
import CVips
import CheckedConversion

/// Resampling kernels, from SwiftUI's `Image.Interpolation` levels.
public enum ResampleKernel: Sendable {
    case nearest, linear, cubic, lanczos3

    var vips: VipsKernel {
        switch self {
        case .nearest: VIPS_KERNEL_NEAREST
        case .linear: VIPS_KERNEL_LINEAR
        case .cubic: VIPS_KERNEL_CUBIC
        case .lanczos3: VIPS_KERNEL_LANCZOS3
        }
    }
}

extension VImage {
    /// Applies the EXIF orientation stored in the image, so its pixels are upright.
    public func autorotated() throws(VipsError) -> VImage {
        try derive("autorot") { cvips_autorot($0, $1) }
    }

    /// Applies an explicit EXIF orientation (1…8) instead of the stored one.
    public func oriented(exif: Int) throws(VipsError) -> VImage {
        try derive("orient") { cvips_orient($0, $1, Int32(exif)) }
    }

    /// Converts to 8-bit sRGB with 3 bands (4 with alpha): embedded ICC profiles and CMYK through lcms,
    /// greyscale, other spaces and 16-bit data through libvips's colourspace conversion.
    public func srgb() throws(VipsError) -> VImage {
        var image = self
        if image.hasICCProfile {
            image = try image.derive("icc transform") { cvips_icc_to_srgb($0, $1, nil) }
        } else if image.isCMYK {
            image = try image.derive("icc transform") { cvips_icc_to_srgb($0, $1, "cmyk") }
        }
        if !image.isEightBitSRGB {
            image = try image.derive("colourspace") { cvips_colourspace($0, $1, VIPS_INTERPRETATION_sRGB) }
        }
        return image.isUnsignedChar ? image : try image.cast8()
    }

    /// Casts to 8 bits per band (values are clipped to 0…255).
    public func cast8() throws(VipsError) -> VImage {
        try derive("cast") { cvips_cast($0, $1, VIPS_FORMAT_UCHAR) }
    }

    /// Resamples by `horizontal` × `vertical`; `gap` 0 disables the box pre-shrink. libvips's
    /// `resize`, byte for byte; an 8-bit RGB lanczos3 reduction runs a faster horizontal reduce
    /// (`CResample`).
    public func resized(horizontal: Double, vertical: Double, kernel: ResampleKernel, gap: Double = 2) throws(VipsError) -> VImage {
        try derive("resize") { cresample_resize($0, $1, horizontal, vertical, kernel.vips, gap) }
    }

    /// Multiplies colour by alpha (float result), so resampling does not bleed transparent colour.
    public func premultiplied() throws(VipsError) -> VImage {
        try derive("premultiply") { cvips_premultiply($0, $1) }
    }

    /// Divides colour by alpha again, rounded back to `original`'s format (the image before
    /// `premultiplied()`: 8 bits by default; a float image stays float).
    public func unpremultiplied(like original: VImage? = nil) throws(VipsError) -> VImage {
        let straight = try derive("unpremultiply") { cvips_unpremultiply($0, $1) }
        guard let original else { return try straight.rounded8() }
        return try straight.rounded(like: original)
    }

    /// Rounds to the nearest integer, then casts to 8 bits (a bare cast would truncate).
    public func rounded8() throws(VipsError) -> VImage {
        if isUnsignedChar { return self }
        return try derive("round") { cvips_rint($0, $1) }.cast8()
    }

    /// The image with every fully transparent pixel's colour set to 0 (alpha must be the last band):
    /// nothing visible changes, and encoders store those areas in far fewer bytes.
    public func zeroingTransparentColour() throws(VipsError) -> VImage {
        try derive("zero transparent colour") { cvips_zero_transparent_colour($0, $1) }
    }

    /// The `width`×`height` area at (`x`, `y`); it must lie inside the image.
    public func cropped(x: Int, y: Int, width: Int, height: Int) throws(VipsError) -> VImage {
        if x == 0, y == 0, width == self.width, height == self.height { return self }
        return try derive("extract area") { cvips_extract_area($0, $1, Int32(x), Int32(y), Int32(width), Int32(height)) }
    }

    /// Places the image at (`x`, `y`) in a `width`×`height` image, repeating its edge pixels outward.
    public func extended(x: Int, y: Int, width: Int, height: Int) throws(VipsError) -> VImage {
        try derive("embed") { cvips_embed($0, $1, Int32(x), Int32(y), Int32(width), Int32(height), VIPS_EXTEND_COPY) }
    }

    /// `across` × `down` copies of the image side by side.
    public func replicated(across: Int, down: Int) throws(VipsError) -> VImage {
        if across == 1, down == 1 { return self }
        return try derive("replicate") { cvips_replicate($0, $1, Int32(across), Int32(down)) }
    }

    /// Adds an opaque alpha band if there is none.
    public func withAlpha() throws(VipsError) -> VImage {
        hasAlpha ? self : try derive("addalpha") { cvips_addalpha($0, $1) }
    }

    /// Draws `overlay` over this image with its top-left at (`x`, `y`) ("over" blending), in linear
    /// light (scRGB, float result) when `linearLight`, else in sRGB.
    public func composited(with overlay: VImage, x: Int, y: Int, linearLight: Bool = false) throws(VipsError) -> VImage {
        try derive("composite") { cvips_composite_over($0, overlay.pointer, $1, Int32(x), Int32(y), linearLight ? 1 : 0) }
    }

    /// Pastes `image` with its top-left at (`x`, `y`), replacing what is there (no blending).
    public func inserting(_ image: VImage, x: Int, y: Int) throws(VipsError) -> VImage {
        try derive("insert") { cvips_insert($0, image.pointer, $1, Int32(x), Int32(y)) }
    }

    /// Removes alpha by blending onto an opaque colour (r, g, b in 0…255, scaled to 0…65535 for a
    /// 16-bit image), keeping the image's format.
    public func flattened(onto color: [Double]) throws(VipsError) -> VImage {
        guard hasAlpha else { return self }
        let ink = color.map { $0 * (bitsPerSample == 16 ? 257 : 1) }
        return try derive("flatten") { cvips_flatten($0, $1, ink[0], ink[1], ink[2]) }.rounded(like: self)
    }
}
