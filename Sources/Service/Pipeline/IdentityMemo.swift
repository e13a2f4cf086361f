import Cache
import Layout
import Synchronization

/// Remembers, for a short time, which cache key and ETag a request's identity hashed to, so a
/// repeated request resolves no source (`realpath`, `open`, `fstat`) and hashes nothing: nginx's
/// `open_file_cache` with `open_file_cache_valid`. The price is that a source changed within
/// `validity` may be answered from its old identity (stale ETag and cached result) until the entry
/// expires; a zero `validity` keeps nothing. Bounded: when full it starts over.
final class IdentityMemo: Sendable {
    /// What a request's identity is made of, besides the sources themselves.
    struct Key: Hashable {
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

    /// The identity's cache key and ETag (`RequestIdentity`).
    struct Identity {
        let key: CacheKey
        let etag: String
    }

    private let entries = Mutex<[Key: (identity: Identity, checked: ContinuousClock.Instant)]>([:])
    /// How long an identity is trusted after its sources were checked.
    let validity: Duration
    let capacity: Int

    init(validity: Duration, capacity: Int = 4096) {
        self.validity = validity
        self.capacity = capacity
    }

    /// The identity remembered for `key` if its sources were checked less than `validity` ago.
    func recent(_ key: Key) -> Identity? {
        guard validity > .zero else { return nil }
        guard let entry = entries.withLock({ $0[key] }) else { return nil }
        return ContinuousClock.now - entry.checked < validity ? entry.identity : nil
    }

    /// Remembers `identity`, whose sources were just checked.
    func remember(_ key: Key, _ identity: Identity) {
        guard validity > .zero else { return }
        let now = ContinuousClock.now
        entries.withLock { entries in
            if entries.count >= capacity && entries[key] == nil { entries.removeAll(keepingCapacity: true) }
            entries[key] = (identity, now)
        }
    }
}
