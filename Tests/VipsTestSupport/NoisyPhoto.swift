import Vips

extension VImage {
    /// A noisy photo-like fixture (smooth gradients plus a fine pattern), so DCT scaling has detail
    /// to lose: RGB, built as RGBA and flattened onto white.
    public static func noisyPhoto(width: Int, height: Int) throws(VipsError) -> VImage {
        var pixels: [UInt8] = []
        pixels.reserveCapacity(width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                pixels += [UInt8((x * 255) / max(1, width - 1)), UInt8((y * 255) / max(1, height - 1)), UInt8(((x * 7) ^ (y * 13)) & 0xFF), 255]
            }
        }
        return try VImage.fromPixels(pixels, width: width, height: height, bands: 4).flattened(onto: [255, 255, 255])
    }
}
