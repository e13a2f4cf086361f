#if canImport(Glibc)
    import Glibc
#endif

extension ResultCache {
    /// Removes every entry that carries `tag` (`CacheEntry.tags`): its file, its index item and its
    /// hot copy, and returns their keys (for the shared tier). Runs off the event loops: it unlinks
    /// one file per entry.
    ///
    /// The files go first, then the memory under the lock with the purge generation raised: a
    /// lookup that read one of the files just before it went cannot put it back in the hot set
    /// (`lookup` keeps a body in memory only when no purge ran while it read).
    public func purge(tag: String) -> [CacheKey] {
        let keys = keys(tagged: tag)
        for key in keys { FileIO.removeEntry(path(key)) }
        memory.withLock { memory in
            purgeGeneration.add(1, ordering: .releasing)
            for key in keys {
                memory.index.remove(key.hex)
                memory.hot.remove(key)
            }
        }
        CacheStatistics.add(statistics.purgedCount, keys.count)
        return keys
    }

    /// The keys of the entries that carry `tag`, once the start-up scan (and any eviction pass) has
    /// finished, so a purge sent just after a start finds the entries the scan has yet to read.
    /// Never call it on the maintenance queue.
    public func keys(tagged tag: String) -> [CacheKey] {
        maintenance.sync {}
        return memory.withLock { $0.index.keys(tagged: tag) }.map { CacheKey(hex: $0) }
    }

    /// The purge tags in the header of the entry file at `path`; none when it cannot be read or
    /// is not a valid header (the lookup that finds it invalid removes it).
    static func tags(of path: String) -> [String] {
        guard let (fd, size) = try? FileIO.openForReading(path) else { return [] }
        defer { close(fd) }
        var head = [UInt8](repeating: 0, count: min(size, EntryFile.maxHeaderBytes))
        guard (try? FileIO.read(fd, into: &head, at: 0, count: head.count)) != nil, let header = try? EntryFile.header(head[...]) else { return [] }
        return header.tags
    }
}
