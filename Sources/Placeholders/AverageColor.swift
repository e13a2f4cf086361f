import CheckedConversion

/// The mean colour of an image, weighted by alpha (a transparent pixel shows nothing, so it
/// counts for nothing), taken in linear light: the colour the image blurs to when seen from afar
/// or scaled down with correct arithmetic, and the same mean as BlurHash's DC term. An sRGB mean
/// would be darker wherever light and dark mix (black and white average to `#bcbcbc` in light,
/// `#808080` in sRGB codes).
public enum AverageColor {
    /// The mean colour, or `nil` when every pixel is fully transparent.
    public static func of(_ image: RGBAPixelGrid) -> PlaceholderColor? {
        var sums = [0.0, 0.0, 0.0]
        var weight = 0.0
        for index in 0..<image.count {
            let alpha = Double(image.bytes[index * 4 + 3]) / 255
            guard alpha > 0 else { continue }
            weight += alpha
            for channel in 0..<3 { sums[channel] += SRGBTransfer.linear[Int(image.bytes[index * 4 + channel])] * alpha }
        }
        guard weight > 0 else { return nil }
        let codes = sums.map { UInt8(clamping: SRGBTransfer.encoded($0 / weight)) }
        return PlaceholderColor(red: codes[0], green: codes[1], blue: codes[2])
    }
}
