import CCrypto

/// SHA-256 over data that arrives in pieces, e.g. a large file read in chunks so it never has to
/// be in memory whole. One owner of the libcrypto context: it is freed by `finish()` or in deinit.
public final class SHA256Hasher {
    private var context: OpaquePointer?

    /// A fresh hash. Traps only if libcrypto cannot allocate a context (out of memory).
    public init() {
        context = ccrypto_sha256_begin()
        precondition(context != nil, "libcrypto SHA-256 context could not be created")
    }

    deinit {
        if let context { ccrypto_sha256_free(context) }
    }

    /// Adds `bytes` to the hash.
    public func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, bytes.count > 0 else { return }
        precondition(ccrypto_sha256_update(context, bytes.baseAddress, bytes.count) == 1, "libcrypto SHA-256 update failed")
    }

    /// Adds `bytes` to the hash.
    public func update(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// The 32-byte digest of everything added; the hasher cannot be used afterwards.
    public func finish() -> [UInt8] {
        guard let context else { preconditionFailure("SHA256Hasher.finish called twice") }
        self.context = nil
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = digest.withUnsafeMutableBufferPointer { ccrypto_sha256_finish(context, $0.baseAddress) }
        precondition(ok == 1, "libcrypto SHA-256 failed")
        return digest
    }
}
