/// A name compared by its UTF-8 bytes: what file systems, URLs and hashes see. `String ==` and
/// `hasPrefix` compare by Unicode canonical equivalence, so `café` spelled with U+00E9 and with
/// `e` + U+0301 (two different files on Linux) would be one dictionary key, and a memo keyed by one
/// would answer for the other. Every dictionary, set or ordering keyed by a source name, path,
/// canonical form or query uses this (or compares `utf8` views) instead. It keeps the string itself
/// (no copy of its bytes) and reads its UTF-8 view.
public struct ByteKey: Sendable, Hashable, Comparable {
    /// The name as given (no normalisation).
    public let text: String

    public init(_ text: some StringProtocol) {
        self.text = String(text)
    }

    public static func == (lhs: ByteKey, rhs: ByteKey) -> Bool {
        let (left, right) = (lhs.text.utf8, rhs.text.utf8)
        guard left.count == right.count else { return false }
        // Native strings: their contiguous bytes compared at once (a memo lookup on the hit path).
        let equal = left.withContiguousStorageIfAvailable { a in right.withContiguousStorageIfAvailable { b in sameBytes(a, b) } }
        return (equal ?? nil) ?? left.elementsEqual(right)
    }

    /// Whether two buffers of the same length hold the same bytes, compared eight at a time.
    private static func sameBytes(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        let (a, b) = (UnsafeRawBufferPointer(a), UnsafeRawBufferPointer(b))
        var offset = 0
        while offset + 8 <= a.count {
            guard a.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == b.loadUnaligned(fromByteOffset: offset, as: UInt64.self) else {
                return false
            }
            offset += 8
        }
        while offset < a.count {
            guard a[offset] == b[offset] else { return false }
            offset += 1
        }
        return true
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(text.utf8.count)
        // A native string's bytes are contiguous: hashed in one call, not byte by byte.
        let hashed: Void? = text.utf8.withContiguousStorageIfAvailable { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        if hashed == nil { for byte in text.utf8 { hasher.combine(byte) } }
    }

    /// Byte-wise lexicographic order: a stable order for names that `String <` may call equal.
    public static func < (lhs: ByteKey, rhs: ByteKey) -> Bool {
        lhs.text.utf8.lexicographicallyPrecedes(rhs.text.utf8)
    }
}
