import Hashing

/// The name of a cache entry: SHA-256 over everything that decides the bytes (canonical request,
/// source identities, negotiated formats and the pipeline version, all in the caller's `material`).
public struct CacheKey: Sendable, Hashable, CustomStringConvertible {
    /// 64 lower-case hex digits.
    public let hex: String

    /// The on-disk entry format (header layout, checksum, folder `v<N>`): bump only when that
    /// changes. Old entries are then left in their own folder, which start-up removes; keys and ETags stay the
    /// same. A change of the render output is the pipeline version's business (Service's
    /// `RequestIdentity.pipelineVersion`, part of the material), not this one's.
    /// 2: the checksum covers the header fields as well as the body.
    /// 3: one level of 256 hash folders (`ab/`) instead of two (`ab/cd/`, 65,536 folders): a young
    /// cache made a folder on nearly every write for its first hundred thousand entries, and a
    /// `mkdir` costs about as much CPU as the entry's own file.
    /// 4: a `tags:` line names the result's sources and template, so a purge finds their entries.
    public static let formatVersion = 4

    /// - Parameter material: everything that decides the entry's bytes, the pipeline version included.
    public init(material: String) {
        hex = SHA256.hash("imgframe-cache\n" + material).hexString
    }

    init(rawHex: String) {
        hex = rawHex
    }

    /// `ab/abcd…`: one level of folders by the first two digits (nginx's `levels=2`) keeps folders
    /// small enough: about 4,000 entries each in a cache of a million.
    var relativePath: String {
        String(decoding: hex.utf8.prefix(2), as: UTF8.self) + "/" + hex
    }

    public var description: String { hex }

    /// The first 16 digits only: a SHA-256 is already uniform, and a hit looks a key up more than once.
    public func hash(into hasher: inout Hasher) {
        let hashed: Void? = hex.utf8.withContiguousStorageIfAvailable {
            hasher.combine(bytes: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: $0.prefix(16))))
        }
        if hashed == nil { hasher.combine(hex) }
    }
}
