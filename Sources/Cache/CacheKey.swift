import Hashing

/// The name of a cache entry: SHA-256 over everything that decides the bytes (canonical request,
/// source identities, negotiated formats) and the cache format version.
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 lower-case hex digits.
    public let hex: String

    /// Bump when the entry format or the render pipeline's output changes; old entries then miss.
    /// 2: the checksum covers the header fields as well as the body.
    public static let formatVersion = 2

    public init(material: String) {
        hex = SHA256.hash("imgframe-cache v\(Self.formatVersion)\n" + material).hexString
    }

    init(rawHex: String) {
        hex = rawHex
    }

    /// `ab/cd/abcd…`: two levels of folders by the first four digits keep folders small (nginx's levels=2:2).
    var relativePath: String {
        let digits = hex.utf8
        let first = String(decoding: digits.prefix(2), as: UTF8.self)
        let second = String(decoding: digits.dropFirst(2).prefix(2), as: UTF8.self)
        return first + "/" + second + "/" + hex
    }

    public var description: String { hex }
}
