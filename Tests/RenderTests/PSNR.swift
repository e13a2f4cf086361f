import Foundation
import Vips

/// Peak signal-to-noise ratio in dB of two 8-bit images of the same size, over their first three
/// (colour) bands: 10·log10(255² / mean squared error). Infinite for identical pixels; a
/// thumbnail within ≈ 30 dB of a reference looks the same at its size.
func psnr(_ image: VImage, _ reference: VImage) throws -> Double {
    precondition(image.width == reference.width && image.height == reference.height, "PSNR needs images of one size")
    precondition(image.bands >= 3 && reference.bands >= 3, "PSNR compares colour images")
    let a = try image.pixels(), b = try reference.pixels()
    let (strideA, strideB) = (image.bands, reference.bands)
    var squared = 0.0
    for pixel in 0..<(image.width * image.height) {
        for band in 0..<3 {
            let difference = Double(a[pixel * strideA + band]) - Double(b[pixel * strideB + band])
            squared += difference * difference
        }
    }
    let mse = squared / Double(image.width * image.height * 3)
    return mse == 0 ? .infinity : 10 * log10(255 * 255 / mse)
}
