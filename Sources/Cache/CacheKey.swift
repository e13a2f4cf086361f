import Hashing

/// The name of a cache entry: SHA-256 over everything that decides the bytes (canonical request,
/// source identities, negotiated formats and the pipeline version, all in the caller's `material`).
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 lower-case hex digits.
    public let hex: String

    /// The on-disk entry format (header layout, checksum, folder `v<N>`): bump only when that
    /// changes. Old entries are then left in their own folder and removed; keys and ETags stay the
    /// same. A change of the render output is the pipeline version's business (Service's
    /// `RequestIdentity.pipelineVersion`, part of the material), not this one's.
    /// 2: the checksum covers the header fields as well as the body.
    public static let formatVersion = 2

    /// - Parameter material: everything that decides the entry's bytes, the pipeline version included.
    public init(material: String) {
        hex = SHA256.hash("imgframe-cache\n" + material).hexString
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
