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
        /// Entry names by their lower-case form; several when they differ only in case.
        let folded: [String: [String]]
    }

    /// Most folders kept (`64`): the image root and the subfolders requests name. Past it the
    /// oldest listing is dropped; a dropped folder is listed again when next asked about.
    public static let defaultCapacity = 64
    /// Most entries kept per folder (`100_000`); a bigger folder is still searched, just not kept.
    public static let maxEntries = 100_000

    private let capacity: Int
    private let listings = Mutex<(byFolder: [String: Listing], order: [String])>(([:], []))

    public init(capacity: Int = defaultCapacity) {
        self.capacity = max(1, capacity)
    }

    /// The entries of `folder` (a real path) whose name is `folded` in lower case, sorted;
    /// subfolders are left out. Empty when there are none or the folder cannot be listed.
    func entries(folded: String, in folder: String) -> [String] {
        guard let stamp = Self.stamp(of: folder) else { return [] }
        if let known = listings.withLock({ $0.byFolder[folder] }), known.stamp == stamp {
            return known.folded[folded] ?? []
        }
        guard let names = Self.list(folder) else { return [] }
        let byFolded = Dictionary(grouping: names) { $0.lowercased() }.mapValues { $0.sorted() }
        // A change within the same tick as the listing would leave the modification time as it
        // was (filesystems keep it at a coarse step): a folder changed in the last two seconds is
        // listed again next time rather than kept (git's "racily clean" rule).
        if stamp.seconds < time(nil) - 2, names.count <= Self.maxEntries {
            remember(Listing(stamp: stamp, folded: byFolded), for: folder)
        }
        return byFolded[folded] ?? []
    }

    private func remember(_ listing: Listing, for folder: String) {
        listings.withLock { state in
            if state.byFolder.updateValue(listing, forKey: folder) == nil {
                state.order.append(folder)
            }
            while state.order.count > capacity {
                state.byFolder[state.order.removeFirst()] = nil
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
