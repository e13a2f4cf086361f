import CVips

/// Linear light for `colormode=linear`/`extendedLinear`: sRGB-encoded pixels to libvips scRGB and
/// back. Colour goes through libvips's colourspace conversion; alpha is handled here, so its scale
/// does not depend on what a libvips version does with extra bands: linear images keep alpha as
/// float 0…1, the scale libvips (8.15 and later) composite, premultiply, flatten and addalpha use
/// for scRGB.
extension VImage {
    /// Bits per sample: 8, 16, or 32 for float.
    public var bitsPerSample: Int {
        switch cvips_format(pointer) {
        case VIPS_FORMAT_UCHAR, VIPS_FORMAT_CHAR: 8
        case VIPS_FORMAT_USHORT, VIPS_FORMAT_SHORT: 16
        case VIPS_FORMAT_DOUBLE, VIPS_FORMAT_DPCOMPLEX: 64
        default: 32
        }
    }

    /// True for float scRGB pixels (linear light), as `linearLight()` makes them.
    public var isLinearLight: Bool {
        cvips_interpretation(pointer) == VIPS_INTERPRETATION_scRGB && cvips_format(pointer) == VIPS_FORMAT_FLOAT
    }

    /// The pixels in linear light: colour (RGB) as scRGB floats (0…1), alpha as floats in 0…1.
    /// An image already in linear light is returned as it is. Four times the bytes of 8-bit RGBA.
    public func linearLight() throws(VipsError) -> VImage {
        if isLinearLight { return self }
        let colourBands = hasAlpha ? bands - 1 : bands
        let colour = try bands(0, count: colourBands).derive("colourspace") { cvips_colourspace($0, $1, VIPS_INTERPRETATION_scRGB) }
        guard hasAlpha else { return colour }
        // Opaque is 255 in 8-bit images and 65535 in 16-bit ones.
        let opaque: Double = cvips_format(pointer) == VIPS_FORMAT_USHORT ? 65_535 : 255
        let alpha = try bands(colourBands).linear(multiply: [1 / opaque], add: [0])
        return try colour.joined(with: alpha)
    }

    /// Linear-light pixels encoded as sRGB again: 8 bits per sample, or 16 (libvips RGB16, 0…65535)
    /// when `bitDepth` is 16; alpha scaled and rounded to the same depth.
    public func encodedFromLinearLight(bitDepth: Int = 8) throws(VipsError) -> VImage {
        let sixteen = bitDepth == 16
        let colourBands = hasAlpha ? bands - 1 : bands
        let space = sixteen ? VIPS_INTERPRETATION_RGB16 : VIPS_INTERPRETATION_sRGB
        let colour = try bands(0, count: colourBands).derive("colourspace") { cvips_colourspace($0, $1, space) }
        guard hasAlpha else { return colour }
        let alpha = try bands(colourBands).linear(multiply: [sixteen ? 65_535 : 255], add: [0]).rounded(like: colour)
        return try colour.joined(with: alpha)
    }

    /// Rounded to the nearest integer and cast to `original`'s format when that is 8 or 16 bits (a
    /// bare cast would truncate); unchanged when `original` is float.
    public func rounded(like original: VImage) throws(VipsError) -> VImage {
        let format = cvips_format(original.pointer)
        guard format == VIPS_FORMAT_UCHAR || format == VIPS_FORMAT_USHORT else { return self }
        if cvips_format(pointer) == format { return self }
        return try derive("round") { cvips_rint($0, $1) }.derive("cast") { cvips_cast($0, $1, format) }
    }
}
