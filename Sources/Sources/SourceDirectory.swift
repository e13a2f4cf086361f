import Vips
#if canImport(Glibc)
    import Glibc
#endif

/// The folder images are served from: maps request paths and `Image("…")` names to files, and never
/// to a file outside it. Names follow `SourceName`'s rule; confinement is the `realpath` check here.
public struct SourceDirectory: Sendable {
    /// The root folder as configured.
    public let root: String
    /// The root's real path (symlinks resolved), or `nil` when it does not exist.
    public let resolvedRoot: String?
    /// Folder listings for names that match only when letter case is ignored (`foldedMatch`).
    let listings: FolderListings

    public init(root: String, listings: FolderListings = FolderListings()) {
        var root = root
        while root.count > 1, root.hasSuffix("/") { root.removeLast() }
        self.root = root
        self.resolvedRoot = Self.realPath(root)
        self.listings = listings
    }

    /// True when the root exists and can be listed and read.
    public var isReadable: Bool {
        guard let resolvedRoot else { return false }
        return access(resolvedRoot, R_OK | X_OK) == 0
    }

    /// The file for `name`, a path relative to the root. The name must pass `SourceName.check`
    /// (`invalidName` otherwise); then the real path (all symlinks resolved) must still be inside the
    /// root's real path, so a symlink cannot lead outside (`notFound`, as for a missing file).
    public func path(for name: String) throws(SourceError) -> String {
        try SourceName.check(name)
        guard let resolvedRoot, let real = Self.realPath(resolvedRoot + "/" + name),
            // By bytes: `hasPrefix` compares canonical equivalents, so a symlink to a sibling folder
            // spelled `café` in NFD would pass for the root `café` in NFC.
            real.utf8.starts(with: (resolvedRoot == "/" ? "/" : resolvedRoot + "/").utf8)
        else { throw .notFound(name) }
        return real
    }

    /// The confined file for `name`, checked to be a readable regular file: missing or escaping
    /// names are `notFound`, anything else that is not a file is `unsupported`.
    public func file(named name: String) throws(SourceError) -> ImageFile {
        let path = try path(for: name)
        do {
            return try ImageFile(path: path)
        } catch .notFound {
            throw .notFound(name)
        } catch {
            throw .unsupported(name)
        }
    }

    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
