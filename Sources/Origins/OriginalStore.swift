import Cache
import CheckedConversion
import Hashing
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The originals cache on disk. Per URL (by its SHA-256): a body file named after a counter, and a
/// small meta file naming it with the origin's validators. A new body is written under a temporary
/// name and renamed; then the meta file is replaced the same way, so a reader sees the old original
/// or the new one, never half of one. The meta file's modification time is when the origin last
/// gave or confirmed the body; revalidation goes by it. Bodies are evicted least recently used
/// beyond the byte budget.
final class OriginalStore: Sendable {
    /// One cached original.
    struct Entry: Sendable {
        let key: String
        let bodyPath: String
        let bytes: Int
        let validators: OriginClient.Validators
        /// SHA-256 of the body (hex).
        let digest: String
        /// Time since the origin gave or confirmed it.
        let age: Duration

        /// What identifies this version of the original (for result cache keys and ETags): its
        /// validators and its bytes' hash, so a changed original is new even from an origin that
        /// sends no validators.
        var version: String {
            "\(bytes)\t\(validators.etag ?? "-")\t\(validators.lastModified ?? "-")\t\(digest)"
        }
    }

    /// A body being downloaded, not yet part of the cache.
    struct Download {
        let descriptor: Int32
        let path: String

        func discard() {
            close(descriptor)
            unlink(path)
        }
    }

    private let directory: String
    private let budgetBytes: Int
    private let state = Mutex(State())

    private struct State {
        /// Size and recency of every body, by key.
        var index = CacheIndex()
        var scanned = false
    }

    /// When this store was made (wall clock, as file times are): half-written files older than
    /// this were left by an earlier run; younger ones are this run's downloads in progress.
    private let opened: timespec

    init(directory: String, budgetBytes: Int) {
        self.directory = directory
        self.budgetBytes = budgetBytes
        // The coarse clock, which file systems stamp files with: by the fine clock, a download begun
        // within the same tick (a few milliseconds) could carry a time before this one and be taken
        // for an earlier run's.
        var now = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &now)
        opened = now
    }

    func entry(for url: String) -> Entry? {
        let key = Self.key(url)
        let metaPath = directory + "/" + key + ".meta"
        guard let text = Self.read(metaPath), let written = Self.modificationTime(metaPath) else { return nil }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.count >= 7, lines[0] == "imgframe-original 1", lines[1] == url, let bytes = Int(lines[3]) else { return nil }
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let age = Duration.seconds(now.tv_sec - written.tv_sec) + .nanoseconds(now.tv_nsec - written.tv_nsec)
        return Entry(
            key: key, bodyPath: directory + "/" + lines[2], bytes: bytes,
            validators: .init(etag: lines[4].isEmpty ? nil : lines[4], lastModified: lines[5].isEmpty ? nil : lines[5]), digest: lines[6], age: age)
    }

    /// A new file for downloading the original of `source` into.
    func temporaryFile(for source: String) throws(OriginError) -> Download {
        Self.makeFolders(directory)
        var template = Array((directory + "/.download.XXXXXX").utf8CString)
        let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .unavailable(source, reason: "cannot create a file in the originals cache (\(directory))") }
        return Download(descriptor: fd, path: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// Makes `download` the cached body for `url` (of the source name `source`, for errors), replacing `previous` (its entry until now, if any).
    func commit(
        _ download: Download, url: String, source: String, bytes: Int, validators: OriginClient.Validators, digest: String, replacing previous: Entry?
    ) throws(OriginError) -> Entry {
        close(download.descriptor)
        let key = Self.key(url)
        let bodyName = key + "." + String(UInt64.random(in: 0...UInt64.max), radix: 36) + ".body"
        guard rename(download.path, directory + "/" + bodyName) == 0 else {
            unlink(download.path)
            throw .unavailable(source, reason: "cannot store the original of \(url)")
        }
        let meta = ["imgframe-original 1", url, bodyName, String(bytes), validators.etag ?? "", validators.lastModified ?? "", digest].joined(
            separator: "\n")
        let metaPath = directory + "/" + key + ".meta"
        let temporary = metaPath + ".tmp"
        guard Self.write(meta, to: temporary), rename(temporary, metaPath) == 0 else {
            unlink(directory + "/" + bodyName)
            throw .unavailable(source, reason: "cannot store the original of \(url)")
        }
        if let previous, previous.bodyPath != directory + "/" + bodyName { unlink(previous.bodyPath) }
        let evicted = state.withLock { state -> [String] in
            scanIfNeeded(&state)
            state.index.insert(key, size: bytes)
            return evict(&state.index, keeping: key)
        }
        for victim in evicted { remove(victim) }
        return Entry(key: key, bodyPath: directory + "/" + bodyName, bytes: bytes, validators: validators, digest: digest, age: .zero)
    }

    /// The origin confirmed `entry` (304): its age starts again.
    func confirm(_ entry: Entry) -> Entry {
        _ = utimensat(AT_FDCWD, directory + "/" + entry.key + ".meta", nil, 0)
        return Entry(key: entry.key, bodyPath: entry.bodyPath, bytes: entry.bytes, validators: entry.validators, digest: entry.digest, age: .zero)
    }

    /// Makes the cached original of `url` (if any) due for revalidation: its meta file's time, which
    /// its age is read from, goes back to the epoch, so the next lookup asks the origin
    /// (conditionally: an unchanged original costs a `304`).
    func expire(_ url: String) {
        var epoch = [timespec(tv_sec: 0, tv_nsec: 0), timespec(tv_sec: 0, tv_nsec: 0)]
        _ = utimensat(AT_FDCWD, directory + "/" + Self.key(url) + ".meta", &epoch, 0)
    }

    /// `entry` was used now (for eviction order).
    func touch(_ entry: Entry) {
        state.withLock { $0.index.touch(entry.key) }
    }

    /// Takes stock of what an earlier run left, once: the bodies' sizes (they count as least recently
    /// used), and away with its half-written files. It runs at the first commit, while other
    /// downloads of this run may be in progress: their files are younger than the store and stay.
    private func scanIfNeeded(_ state: inout State) {
        guard !state.scanned else { return }
        state.scanned = true
        guard let folder = opendir(directory) else { return }
        defer { closedir(folder) }
        while let item = readdir(folder) {
            let name = withUnsafeBytes(of: item.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            // Downloads and meta files an earlier run left half-written.
            if name.hasPrefix(".download.") || name.hasSuffix(".meta.tmp") {
                let path = directory + "/" + name
                if let written = Self.modificationTime(path), (written.tv_sec, written.tv_nsec) < (opened.tv_sec, opened.tv_nsec) { unlink(path) }
                continue
            }
            guard name.hasSuffix(".meta"), let entry = Self.read(directory + "/" + name).flatMap({ Self.bytes(inMeta: $0) }) else { continue }
            state.index.insert(String(name.dropLast(5)), size: entry, lastUse: 0)
        }
    }

    /// Keys to remove, least recently used first, until the total fits the budget.
    private func evict(_ index: inout CacheIndex, keeping kept: String) -> [String] {
        var victims: [String] = []
        for (key, _) in index.byAge where index.totalBytes > budgetBytes && key != kept {
            index.remove(key)
            victims.append(key)
        }
        return victims
    }

    private func remove(_ key: String) {
        let metaPath = directory + "/" + key + ".meta"
        if let text = Self.read(metaPath) {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if lines.count > 2 { unlink(directory + "/" + lines[2]) }
        }
        unlink(metaPath)
    }

    /// `mkdir -p`.
    private static func makeFolders(_ path: String) {
        var partial = ""
        for segment in path.split(separator: "/", omittingEmptySubsequences: false) {
            partial += partial.isEmpty && path.hasPrefix("/") ? "/" + segment : (partial.isEmpty ? String(segment) : "/" + segment)
            if !partial.isEmpty { mkdir(partial, 0o755) }
        }
    }

    private static func bytes(inMeta text: String) -> Int? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count >= 4 ? Int(lines[3]) : nil
    }

    private static func key(_ url: String) -> String {
        SHA256.hash(url).hexString
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes = [UInt8](repeating: 0, count: 8192)
        let n = Glibc.read(fd, &bytes, bytes.count)
        return n > 0 ? String(decoding: bytes[..<n], as: UTF8.self) : nil
    }

    private static func write(_ text: String, to path: String) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let bytes = Array(text.utf8)
        return Glibc.write(fd, bytes, bytes.count) == bytes.count
    }

    private static func modificationTime(_ path: String) -> timespec? {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mtim : nil
    }
}
