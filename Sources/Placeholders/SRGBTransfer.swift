import CheckedConversion
import Foundation

/// The sRGB transfer function (IEC 61966-2-1) both ways, as BlurHash's reference and the average
/// colour use it: 8-bit sRGB to linear light in 0…1, and back.
enum SRGBTransfer {
    /// Linear light of each 8-bit sRGB value, worked out once.
    static let linear: [Double] = (0...255).map { code in
        let value = Double(code) / 255.0
        return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
    }

    /// The 8-bit sRGB value of linear light `value` (clamped to 0…1), rounded half up as
    /// woltapp's reference does (v · 255 + 0.5, truncated).
    static func encoded(_ value: Double) -> Int {
        let v = min(max(value, 0), 1)
        let gamma = v <= 0.003_130_8 ? v * 12.92 : 1.055 * pow(v, 1 / 2.4) - 0.055
        return Int(saturating: (gamma * 255 + 0.5).rounded(.down))
    }
}
