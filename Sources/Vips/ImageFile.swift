import CVips
#if canImport(Glibc)
import Glibc
#endif

/// An image file to decode: where libvips reads from, plus the file's identity (size and
/// modification time), which the cache uses to notice changed sources.
public struct ImageFile: Sendable {
    /// The file's path.
    public let path: String
    /// Size in bytes.
    public let size: Int
    /// Modification time in nanoseconds since the epoch.
    public let modified: Int64

    /// Why opening a file failed.
    public enum OpenError: Error, Sendable {
        case notFound
        case notRegularFile
        case unreadable(errno: Int32)
    }

    /// Checks that `path` is a readable regular file and records its identity.
    public init(path: String) throws(OpenError) {
        var info = stat()
        guard stat(path, &info) == 0 else { throw errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(errno: errno) }
        guard (info.st_mode & S_IFMT) == S_IFREG else { throw .notRegularFile }
        guard access(path, R_OK) == 0 else { throw .unreadable(errno: errno) }
        self.path = path
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    /// The libvips loader that recognises the file's bytes (e.g. `VipsForeignLoadJpegSource`), or
    /// `nil` when no enabled loader does.
    public func loaderName() throws(VipsError) -> String? {
        let source = try makeSource()
        defer { cvips_unref_source(source) }
        guard let name = cvips_loader_for(source) else {
            _ = VipsError.take(operation: "find loader")  // clear libvips's "not a known format" text
            return nil
        }
        return String(cString: name)
    }

    /// Opens the image: only the header is read until pixels are needed. `shrink` > 1 decodes JPEG and
    /// WebP at 1/shrink size. Corrupt or truncated data fails when pixels are computed.
    public func load(shrink: Int = 1, sequential: Bool = true) throws(VipsError) -> VImage {
        let source = try makeSource()
        defer { cvips_unref_source(source) }
        return try VImage.make("load") { cvips_load_source(source, $0, Int32(shrink), sequential ? 1 : 0, 1) }
    }

    // Each source opens the file itself: sources made from one shared descriptor would share its
    // read offset, and libvips closes a descriptor when its source is freed.
    private func makeSource() throws(VipsError) -> UnsafeMutablePointer<VipsSource> {
        try Vips.start()
        guard let source = vips_source_new_from_file(path) else { throw VipsError.take(operation: "open source") }
        return source
    }
}
