import CheckedConversion

/// Percent-decoding of URL parts (RFC 3986 §2.1), shared by the query parser and the image path.
public enum PercentDecoding {
    /// The bytes `text` stands for; `plusAsSpace` reads `+` as a space (HTML form encoding, queries
    /// only). `nil` for a broken escape (`%` without two hex digits).
    public static func bytes(_ text: Substring, plusAsSpace: Bool) -> [UInt8]? {
        var out: [UInt8] = []
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "+") where plusAsSpace:
                out.append(UInt8(ascii: " "))
            case UInt8(ascii: "%"):
                guard let hi = iterator.next().flatMap(hexValue), let lo = iterator.next().flatMap(hexValue) else { return nil }
                out.append(hi << 4 | lo)
            default:
                out.append(byte)
            }
        }
        return out
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
