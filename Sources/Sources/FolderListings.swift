import CheckedConversion
import Synchronization
#if canImport(Glibc)
    import Glibc
#endif

/// The entries of the folders images are looked up in, by name folded to lower case, for the
/// case-insensitive fallback (`SourceDirectory.foldedMatch`). A folder is listed when first asked
/// about and again only once it has changed: each entry is kept with the folder's device, inode
/// and modification time, which an added, removed or renamed entry (or a folder swapped in by a
/// rename) changes, so a request costs one `stat` of the folder. Safe to use from several threads.
public final class FolderListings: Sendable {
    /// What a listing was read from: a folder in a different state must be listed again.
    private struct Stamp: Equatable {
        let device: UInt64, inode: UInt64, seconds: Int, nanoseconds: Int
    }

    private struct Listing {
        let stamp: Stamp
        /// When it was read, in wall-clock seconds (the clock modification times are on).
        let listedAt: Int
        /// Entry names by their lower-case form; several when they differ only in case.
        let folded: [String: [String]]
        let count: Int

        /// Whether it still holds for a folder now stamped `stamp`. A change within the same tick
        /// as the listing would leave the modification time as it was (filesystems keep it at a
        /// coarse step), so a listing read less than two seconds after the folder changed is
        /// trusted only within the second it was read (git's "racily clean" rule): a name added
        /// then is found a second later at most, and a folder is listed at most once a second.
        func holds(for stamp: Stamp, now: Int) -> Bool {
            self.stamp == stamp && (stamp.seconds < listedAt - 2 || now == listedAt)
        }
    }

    /// Most folders kept (`64`): the image root and the subfolders requests name. Past it the
    /// oldest listing is dropped; a dropped folder is listed again when next asked about.
    public static let defaultCapacity = 64
    /// Most names kept over all folders (`1_000_000`, some 100 MB at most); past it the oldest
    /// listings are dropped, though the newest is always kept.
    public static let maxNames = 1_000_000

    private let capacity: Int
    private let listings = Mutex<(byFolder: [String: Listing], order: [String], names: Int)>(([:], [], 0))

    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The entries of `folder` (a real path) whose name is `folded` in lower case, sorted;
    /// subfolders are left out. Empty when there are none or the folder cannot be listed.
    func entries(folded: String, in folder: String) -> [String] {
        guard let stamp = Self.stamp(of: folder) else { return [] }
        let now = time(nil)
        if let known = listings.withLock({ $0.byFolder[folder] }), known.holds(for: stamp, now: now) {
            return known.folded[folded] ?? []
        }
        guard let names = Self.list(folder) else { return [] }
        let listing = Listing(
            stamp: stamp, listedAt: now, folded: Dictionary(grouping: names) { $0.lowercased() }.mapValues { $0.sorted() }, count: names.count)
        remember(listing, for: folder)
        return listing.folded[folded] ?? []
    }

    private func remember(_ listing: Listing, for folder: String) {
        listings.withLock { state in
            if let old = state.byFolder.updateValue(listing, forKey: folder) {
                state.names -= old.count
                state.order.removeAll { $0 == folder }
            }
            state.order.append(folder)
            state.names += listing.count
            while state.order.count > 1, state.order.count > capacity || state.names > Self.maxNames {
                let oldest = state.order.removeFirst()
                state.names -= state.byFolder.removeValue(forKey: oldest)?.count ?? 0
            }
        }
    }

    private static func stamp(of folder: String) -> Stamp? {
        var info = stat()
        guard stat(folder, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
        return Stamp(
            device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino),
            seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
    }

    /// The names in `folder` but `.`, `..` and subfolders; `nil` when it cannot be opened.
    private static func list(_ folder: String) -> [String]? {
        guard let stream = opendir(folder) else { return nil }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            guard entry.pointee.d_type != UInt8(DT_DIR) else { continue }
            // A name that is not UTF-8 could not be asked for: it is left out.
            guard let name = withUnsafeBytes(of: entry.pointee.d_name, { raw in String(validating: raw.prefix { $0 != 0 }, as: UTF8.self) }),
                name != ".", name != ".."
            else { continue }
            names.append(name)
        }
        return names
    }
}
