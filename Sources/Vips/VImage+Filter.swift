import CVips
import CheckedConversion

/// Per-pixel arithmetic, band handling and blurs: the libvips building blocks for masks, shadows and
/// colour effects. Arithmetic results are float images; `rounded8()` brings them back to 8 bits.
extension VImage {
    /// An 8-bit image copied from `bytes`, whose rows are `stride` bytes apart (≥ width × bands);
    /// 1 band is greyscale (a mask), 3 or 4 are sRGB. The caller keeps ownership of `bytes`.
    public static func copying(
        _ bytes: UnsafeRawBufferPointer, width: Int, height: Int, bands: Int, stride: Int
    ) throws(VipsError) -> VImage {
        precondition(stride >= width * bands && bytes.count >= stride * (height - 1) + width * bands, "pixel buffer does not match its size")
        let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
        return try make("from strided memory") {
            cvips_from_strided($0, base, Int32(width), Int32(height), Int32(bands), stride)
        }
    }

    /// Cairo's premultiplied ARGB32 pixels (`stride` bytes a row) as straight-alpha 8-bit RGBA.
    public static func fromCairoARGB(_ data: UnsafePointer<UInt8>, width: Int, height: Int, stride: Int) throws(VipsError) -> VImage {
        try make("from cairo pixels") { cvips_from_cairo_argb($0, data, Int32(width), Int32(height), stride) }
    }

    /// Band by band `multiply[i] · value + add[i]` (a single entry applies to every band); float result.
    public func linear(multiply: [Double], add: [Double]) throws(VipsError) -> VImage {
        precondition(multiply.count == add.count && !multiply.isEmpty, "one factor and one offset per band")
        return try multiply.withUnsafeBufferPointer { a in
            add.withUnsafeBufferPointer { b in
                capture { () throws(VipsError) in
                    try derive("linear") { cvips_linear($0, $1, a.baseAddress, b.baseAddress, Int32(a.count)) }
                }
            }
        }.get()
    }

    /// Every pixel multiplied by `matrix` (one row per output band, one column per input band); float.
    public func recombined(_ matrix: [[Double]]) throws(VipsError) -> VImage {
        let columns = matrix.first?.count ?? 0
        precondition(columns == bands && matrix.allSatisfy { $0.count == columns }, "matrix columns must match the bands")
        let flat = matrix.flatMap { $0 }
        return try flat.withUnsafeBufferPointer { m in
            capture { () throws(VipsError) in
                try derive("recomb") { cvips_recomb($0, $1, m.baseAddress, Int32(matrix.count), Int32(columns)) }
            }
        }.get()
    }

    /// Gaussian blur with standard deviation `sigma` pixels; the kernel is cut where it falls below
    /// `minAmplitude` (libvips's default is 0.2; shadows use 0.002). 8-bit input stays 8-bit.
    public func gaussianBlurred(sigma: Double, minAmplitude: Double) throws(VipsError) -> VImage {
        try derive("gaussblur") { cvips_gaussblur($0, $1, sigma, minAmplitude) }
    }

    /// `count` bands starting at band `first`.
    public func bands(_ first: Int, count: Int = 1) throws(VipsError) -> VImage {
        if first == 0, count == bands { return self }
        return try derive("extract band") { cvips_extract_band($0, $1, Int32(first), Int32(count)) }
    }

    /// This image's bands followed by `other`'s (same size); the header is this image's.
    public func joined(with other: VImage) throws(VipsError) -> VImage {
        try derive("bandjoin") { cvips_bandjoin2($0, other.pointer, $1) }
    }

    /// Pixel by pixel product with `other` (same size; one band of either applies to all bands).
    public func multiplied(by other: VImage) throws(VipsError) -> VImage {
        try derive("multiply") { cvips_multiply($0, other.pointer, $1) }
    }

    /// Places the image at (`x`, `y`) in a `width`×`height` image of zeros (transparent black).
    public func embedded(x: Int, y: Int, width: Int, height: Int) throws(VipsError) -> VImage {
        if x == 0, y == 0, width == self.width, height == self.height { return self }
        return try derive("embed") { cvips_embed($0, $1, Int32(x), Int32(y), Int32(width), Int32(height), VIPS_EXTEND_BLACK) }
    }

    /// An unsharp mask of the lightness with a Gaussian of σ = `sigma` pixels (libvips `sharpen`,
    /// its other parameters at their defaults); alpha is kept.
    public func sharpened(sigma: Double) throws(VipsError) -> VImage {
        try derive("sharpen") { cvips_sharpen($0, $1, sigma) }
    }
}
