import CheckedConversion

/// RFC 3986 percent-encoding: every byte but the unreserved characters (`A–Z a–z 0–9 - . _ ~`), as
/// `%XX` in upper-case hex; `/` kept in paths. An origin URL's path, Signature V4's canonical
/// request (which encodes an S3 key once, never twice) and the query values the CLI writes use it.
public enum URIEncoding {
    public static func encode(_ text: String, keepingSlash: Bool) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            case UInt8(ascii: "/") where keepingSlash:
                out += "/"
            default:
                out += "%" + String(decoding: [hex[Int(byte >> 4)], hex[Int(byte & 15)]], as: UTF8.self)
            }
        }
        return out
    }
}
