/// Percent-encodes everything but unreserved ASCII (RFC 3986 §2.3), so fuzzed chain text reaches
/// the query parser whole; shared by the harnesses that build `chain=` queries.
func percentEncoded(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        let c = Character(Unicode.Scalar(byte))
        if byte < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) {
            out.append(c)
        } else {
            let hex = String(byte, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" : "") + hex
        }
    }
    return out
}
