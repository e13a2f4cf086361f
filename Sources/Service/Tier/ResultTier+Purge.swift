import Cache
import Origins

extension ResultTier {
    /// What a purge did to the tier.
    struct Deletion: Sendable, Equatable {
        /// Objects the bucket accepted the DELETE of (S3 accepts one for an object already gone).
        var deleted = 0
        /// DELETEs that failed (an error, a refusal, a timeout): those objects may remain.
        var failed = 0
    }

    /// Deletes the objects of `keys`, one DELETE each within `writeTimeout`, in turn. Runs off the
    /// event loops (the purge's own queue). Tried even while the breaker has the tier off: a purge
    /// must not be skipped quietly; failures are counted and returned.
    func delete(_ keys: [CacheKey]) -> Deletion {
        var deletion = Deletion()
        for key in keys {
            do {
                try store.delete(Self.objectKey(key), timeout: Self.writeTimeout)
                deletion.deleted += 1
            } catch {
                deletion.failed += 1
            }
        }
        return deletion
    }
}
