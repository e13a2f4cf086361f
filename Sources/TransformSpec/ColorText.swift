import Layout

/// Colour and number spellings shared by the sugar parameters and the chain printer.
enum ColorText {
    /// `rrggbb` or `rrggbbaa`, with or without a leading `#`.
    static func hex(_ text: String) -> RGBAColor? {
        let digits = text.hasPrefix("#") ? String(text.dropFirst()) : text
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
