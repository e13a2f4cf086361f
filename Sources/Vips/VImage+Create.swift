import CVips
import CheckedConversion

extension VImage {
    /// A constant-colour 8-bit sRGB image; `color` is r, g, b[, a] in 0…255.
    public static func constant(width: Int, height: Int, color: [Double]) throws(VipsError) -> VImage {
        try color.withUnsafeBufferPointer { ink in
            capture { () throws(VipsError) in
                try make("constant") { cvips_constant($0, Int32(width), Int32(height), ink.baseAddress, Int32(ink.count)) }
            }
        }.get()
    }

    /// An 8-bit image from interleaved pixels (`bands` per pixel: 1 grey, 3 RGB, 4 RGBA).
    public static func fromPixels(_ pixels: [UInt8], width: Int, height: Int, bands: Int) throws(VipsError) -> VImage {
        precondition(pixels.count == width * height * bands, "pixel buffer does not match its size")
        return try pixels.withUnsafeBytes { bytes in
            capture { () throws(VipsError) in
                try make("from memory") { cvips_from_memory($0, bytes.baseAddress, bytes.count, Int32(width), Int32(height), Int32(bands)) }
            }
        }.get()
    }

    /// An 8-bit sRGB RGBA image whose pixel (x, y) is `table[i]` for i = round(ax·x + ay·y + b),
    /// clamped to the table. `table` holds RGBA entries; at most 65 536 of them (16-bit indices).
    /// Lazily computed as a libvips pipeline, only as an encoder reads it (so the deadline stops it),
    /// or with `inMemory` computed at once into `width × height × 4` bytes, in one pass.
    public static func ramp(width: Int, height: Int, ax: Double, ay: Double, b: Double, table: [UInt8], inMemory: Bool = false) throws(VipsError)
        -> VImage
    {
        precondition(table.count % 4 == 0 && table.count / 4 >= 1 && table.count / 4 <= 65_536, "ramp table size")
        let build = inMemory ? cvips_ramp_memory : cvips_ramp
        return try table.withUnsafeBufferPointer { entries in
            capture { () throws(VipsError) in
                try make("ramp") { build($0, Int32(width), Int32(height), ax, ay, b, entries.baseAddress, Int32(entries.count / 4)) }
            }
        }.get()
    }

    /// A new image over the same pixels: cancelling it (`cancel`) leaves this one computable, so a
    /// render's deadline never stops an image other renders share.
    public func sharedCopy() throws(VipsError) -> VImage {
        try derive("copy") { cvips_copy($0, $1) }
    }

    /// Computes the pixels into memory, so later reads do not recompute the pipeline.
    public func materialized() throws(VipsError) -> VImage {
        try derive("copy memory") { cvips_copy_memory($0, $1) }
    }

    /// The largest image (pixels) the PNG and WebP writers take: they hold the whole image in
    /// memory, computed on the calling thread. A larger one goes to libvips's savers, which stream.
    public static let directWritePixels = 4 << 20

    /// Computes the image on the calling thread, a strip at a time, and copies its row `y` to
    /// `destination + stride · y` (`stride` at least a row's bytes): for the writers, whose images
    /// are small and (a view's canvas) in memory already, where libvips's threadpool costs more than
    /// the copy.
    func computeRows(into destination: UnsafeMutablePointer<UInt8>, stride: Int) throws(VipsError) {
        guard cvips_draw_rows(pointer, destination, stride, Int32(CVIPS_ROW_COPY.rawValue)) == 0 else { throw VipsError.take(operation: "compute") }
    }

    /// The 8-bit pixels, interleaved, top row first (computes the image).
    public func pixels() throws(VipsError) -> [UInt8] {
        let image = isUnsignedChar ? self : try cast8()
        var size = 0
        guard let data = vips_image_write_to_memory(image.pointer, &size) else { throw VipsError.take(operation: "write to memory") }
        defer { cvips_free(data) }
        return Array(UnsafeRawBufferPointer(start: data, count: size))
    }

    /// The smallest value over all pixels of one band (computes the image).
    public func minimum(band: Int) throws(VipsError) -> Double {
        let single = try derive("extract band") { cvips_extract_band($0, $1, Int32(band), 1) }
        var value = 0.0
        guard cvips_min(single.pointer, &value) == 0 else { throw VipsError.take(operation: "min") }
        return value
    }
}

/// Runs `body` and keeps its typed error; `withUnsafe…` closures would widen it to `any Error`.
package func capture<T>(_ body: () throws(VipsError) -> T) -> Result<T, VipsError> {
    do { return .success(try body()) } catch { return .failure(error) }
}
