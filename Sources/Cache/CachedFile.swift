import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// A verified cache entry body left on disk, to be streamed rather than read into memory: an open
/// descriptor and the body's place in the file. The descriptor stays valid if the entry is evicted
/// or replaced meanwhile (the open file outlives its name). Owns the descriptor until
/// `takeDescriptor()` hands it on; closes it in deinit otherwise.
public final class CachedFile: Sendable {
    private let descriptor: Atomic<Int32>
    /// Where the body starts in the file, in bytes.
    public let offset: Int
    /// Body length in bytes.
    public let length: Int

    init(descriptor: Int32, offset: Int, length: Int) {
        self.descriptor = Atomic(descriptor)
        self.offset = offset
        self.length = length
    }

    /// Gives the descriptor to a new owner, who must close it; `nil` if it was already taken.
    public func takeDescriptor() -> Int32? {
        let fd = descriptor.exchange(-1, ordering: .acquiringAndReleasing)
        return fd >= 0 ? fd : nil
    }

    deinit {
        let fd = descriptor.load(ordering: .acquiring)
        if fd >= 0 { close(fd) }
    }
}

/// A cache hit: the entry's header fields and its body, in memory (small entries) or as an open
/// file region (large ones, streamed to the client).
public struct CacheHit: Sendable {
    /// Where the body is.
    public enum Body: Sendable {
        /// Read into memory and verified (bodies up to the caller's threshold).
        case bytes([UInt8])
        /// Verified and left on disk, open, to be streamed.
        case file(CachedFile)
    }

    /// The `Content-Type` the entry was stored with.
    public var contentType: String
    /// The `ETag` the entry was stored with.
    public var etag: String
    /// Seconds since the epoch when it was written.
    public var created: Int
    public var body: Body
    /// The purge tags the entry was stored with (`CacheEntry.tags`).
    public var tags: [String] = []

    /// Body length in bytes.
    public var length: Int {
        switch body {
        case .bytes(let bytes): bytes.count
        case .file(let file): file.length
        }
    }
}
