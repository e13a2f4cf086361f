import CheckedConversion

/// Decoding base64 and base64url text (either alphabet, `=` padding optional) without Foundation,
/// which `TransformSpec` does not import: imgproxy's encoded source URLs.
enum Base64URLText {
    /// The bytes of `text`, or `nil` when it holds a character outside both alphabets or a length
    /// no encoding has.
    static func decode(_ text: some StringProtocol) -> [UInt8]? {
        var bits = 0
        var count = 0
        var bytes: [UInt8] = []
        for byte in text.utf8 where byte != UInt8(ascii: "=") {
            guard let value = sextet(byte) else { return nil }
            bits = (bits << 6) | value
            count += 6
            if count >= 8 {
                count -= 8
                bytes.append(UInt8(truncatingIfNeeded: bits >> count))
                bits &= (1 << count) - 1
            }
        }
        return count < 6 ? bytes : nil
    }

    private static func sextet(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): Int(byte - UInt8(ascii: "A"))
        case UInt8(ascii: "a")...UInt8(ascii: "z"): Int(byte - UInt8(ascii: "a")) + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0")) + 52
        case UInt8(ascii: "-"), UInt8(ascii: "+"): 62
        case UInt8(ascii: "_"), UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
