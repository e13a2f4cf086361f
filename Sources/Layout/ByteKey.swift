/// A name compared by its UTF-8 bytes: what file systems, URLs and hashes see. `String ==` and
/// `hasPrefix` compare by Unicode canonical equivalence, so `café` spelled with U+00E9 and with
/// `e` + U+0301 (two different files on Linux) would be one dictionary key, and a memo keyed by one
/// would answer for the other. Every dictionary, set or ordering keyed by a source name, path,
/// canonical form or query uses this (or compares `utf8` views) instead.
public struct ByteKey: Sendable, Hashable, Comparable {
    /// The name's UTF-8 bytes, as given (no normalisation).
    public let bytes: [UInt8]

    public init(_ text: some StringProtocol) {
        bytes = Array(text.utf8)
    }

    /// Byte-wise lexicographic order: a stable order for names that `String <` may call equal.
    public static func < (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.bytes.lexicographicallyPrecedes(rhs.bytes)
    }
}
