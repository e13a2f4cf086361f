import Cache
import Layout

/// Remembers, for a short time, which cache key and ETag a request's identity hashed to, so a
/// repeated request resolves no source (`realpath`, `open`, `fstat`) and hashes nothing: nginx's
/// `open_file_cache` with `open_file_cache_valid`. The price is that a source changed within
/// `validity` may be answered from its old identity (stale ETag and cached result) until the entry
/// expires; a zero `validity` keeps nothing. Bounded: when full it starts over.
final class IdentityMemo: Sendable {
    /// What a request's identity is made of, besides the sources themselves.
    struct Key: Hashable, Sendable {
        /// `TransformSpec.canonicalForm`, by its bytes: it names the sources, and names that are
        /// canonically equivalent Unicode (`café` in NFC and NFD) can be different files.
        let canonical: ByteKey
        /// `canonical.hashValue`, worked out once per canonical form (`ImageRequest` keeps it): a
        /// hit hashes one integer instead of the whole form.
        let canonicalHash: Int
        /// The formats `fmt=auto` may pick for this request's `Accept` (best first).
        let formats: [ImageFormat]

        init(canonical: ByteKey, canonicalHash: Int? = nil, formats: [ImageFormat]) {
            self.canonical = canonical
            self.canonicalHash = canonicalHash ?? canonical.hashValue
            self.formats = formats
        }

        static func == (lhs: Key, rhs: Key) -> Bool {
            lhs.canonicalHash == rhs.canonicalHash && lhs.formats == rhs.formats && lhs.canonical == rhs.canonical
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(canonicalHash)
            hasher.combine(formats)
        }
    }

    /// The identity's cache key and ETag (`RequestIdentity`), and the purge tags of its sources
    /// and template (`PurgeTag`).
    struct Identity: Sendable {
        let key: CacheKey
        let etag: String
        var tags: [String] = []
    }

    private let memo: ExpiringMemo<Key, Identity>

    /// How long an identity is trusted after its sources were checked.
    var validity: Duration { memo.validity }

    init(validity: Duration, capacity: Int = 4096) {
        memo = ExpiringMemo(validity: validity, capacity: capacity)
    }

    /// The identity remembered for `key` if its sources were checked less than `validity` ago.
    func recent(_ key: Key) -> Identity? { memo.recent(key) }

    /// Remembers `identity`, whose sources were just checked.
    func remember(_ key: Key, _ identity: Identity) { memo.remember(key, identity) }

    /// Forgets every identity (after a purge): the next request of each checks its sources again,
    /// so a purged source that is gone answers 404, not a 304 from its old ETag.
    func forgetAll() { memo.removeAll() }
}
