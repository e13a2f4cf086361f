import CheckedConversion
import Layout
import Foundation

/// The BlurHash of an image (woltapp's reference, `encode.c`): the DCT of its linear-light colours
/// over `componentsX × componentsY` cosines, the DC as 24-bit sRGB and each AC quantised to 19
/// levels per channel against the largest AC, all in base 83. BlurHash has no alpha: translucent
/// pixels are composited over white first.
public enum BlurHash {
    /// The range of components along each axis (`PlaceholderSet.blurHashComponentRange`).
    static let componentRange = PlaceholderSet.blurHashComponentRange

    /// The hash of `image` with `x × y` components, each in `componentRange`: `4 + 2·x·y` characters.
    public static func encode(_ image: RGBAPixelGrid, componentsX x: Int, componentsY y: Int) -> String {
        precondition(componentRange.contains(x) && componentRange.contains(y), "BlurHash components are 1…9")
        let (width, height) = (image.width, image.height)
        // Linear light per channel, composited over white (linear 1) by alpha.
        var channels = [[Double]](repeating: [Double](repeating: 0, count: image.count), count: 3)
        for index in 0..<image.count {
            let alpha = Double(image.bytes[index * 4 + 3]) / 255
            for channel in 0..<3 {
                channels[channel][index] = SRGBTransfer.linear[Int(image.bytes[index * 4 + channel])] * alpha + (1 - alpha)
            }
        }
        var factors: [[Double]] = []
        for j in 0..<y {
            let rows = (0..<height).map { cos(Double.pi * Double(j) * Double($0) / Double(height)) }
            for i in 0..<x {
                let columns = (0..<width).map { cos(Double.pi * Double(i) * Double($0) / Double(width)) }
                let normalisation: Double = (i == 0 && j == 0) ? 1 : 2
                var sums = [0.0, 0.0, 0.0]
                for row in 0..<height {
                    for column in 0..<width {
                        let basis = normalisation * columns[column] * rows[row]
                        let index = row * width + column
                        for channel in 0..<3 { sums[channel] += basis * channels[channel][index] }
                    }
                }
                factors.append(sums.map { $0 / Double(image.count) })
            }
        }
        var hash = Base83.encode((x - 1) + (y - 1) * 9, length: 1)
        let ac = factors.dropFirst()
        let maximum: Double
        if ac.isEmpty {
            maximum = 1
            hash += Base83.encode(0, length: 1)
        } else {
            let actual = ac.map { $0.map(abs).max()! }.max()!
            let quantised = Int(saturating: max(0, min(82, (actual * 166 - 0.5).rounded(.down))))
            maximum = Double(quantised + 1) / 166
            hash += Base83.encode(quantised, length: 1)
        }
        let dc = factors[0].map(SRGBTransfer.encoded)
        hash += Base83.encode((dc[0] << 16) + (dc[1] << 8) + dc[2], length: 4)
        for factor in ac {
            let levels = factor.map { value -> Int in
                let signed = value / maximum
                let root = (signed < 0 ? -1 : 1) * abs(signed).squareRoot()
                return Int(saturating: max(0, min(18, (root * 9 + 9.5).rounded(.down))))
            }
            hash += Base83.encode(levels[0] * 19 * 19 + levels[1] * 19 + levels[2], length: 2)
        }
        return hash
    }
}

/// BlurHash's base-83 digits, most significant first.
enum Base83 {
    static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz#$%*+,-.:;=?@[]^_{|}~")

    static func encode(_ value: Int, length: Int) -> String {
        var text = ""
        var divisor = 1
        for _ in 1..<max(length, 1) { divisor *= 83 }
        for _ in 0..<length {
            text.append(alphabet[(value / divisor) % 83])
            divisor /= 83
        }
        return text
    }
}
