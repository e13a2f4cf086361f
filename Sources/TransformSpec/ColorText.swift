import CheckedConversion
import Layout

/// Colour and number spellings shared by the sugar parameters and the chain printer.
enum ColorText {
    /// `rrggbb` or `rrggbbaa`, with or without a leading `#`; CSS's short `#rgb` and `#rgba` with it
    /// (without `#`, three letters such as `bad` or `fab` would read as words, not colours).
    static func hex(_ text: String) -> RGBAColor? {
        var digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if text.hasPrefix("#"), digits.count == 3 || digits.count == 4 {
            digits = String(digits.flatMap { [$0, $0] })
        }
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            bytes.append(UInt8(digits[index..<next], radix: 16)!)
            index = next
        }
        return RGBAColor(bytes: bytes[0], bytes[1], bytes[2], bytes.count == 4 ? bytes[3] : 255)
    }
}

/// How numbers are written in canonical text: integers without a fraction, `.infinity` for ∞,
/// other values in Swift's shortest round-trip form.
enum NumberText {
    static func format(_ value: Double) -> String {
        value.isInfinite ? (value > 0 ? ".infinity" : "-.infinity") : value.compactText
    }
}
