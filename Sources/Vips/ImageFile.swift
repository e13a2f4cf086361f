import CVips
#if canImport(Glibc)
import Glibc
#endif

/// An image file opened for decoding: what libvips reads from, plus the file's identity (size and
/// modification time), which the cache uses to notice changed sources.
public final class ImageFile: @unchecked Sendable {
    // @unchecked: the descriptor is only read, and closed once in deinit.
    private let descriptor: Int32
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

    /// Opens `path` read-only.
    public init(path: String) throws(OpenError) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw errno == ENOENT || errno == ENOTDIR ? .notFound : .unreadable(errno: errno) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegularFile
        }
        descriptor = fd
        size = Int(info.st_size)
        modified = Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
    }

    deinit {
        close(descriptor)
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

    // libvips dups the descriptor, so each source is independent of the others and of this object.
    private func makeSource() throws(VipsError) -> UnsafeMutablePointer<VipsSource> {
        guard let source = vips_source_new_from_descriptor(descriptor) else { throw VipsError.take(operation: "open source") }
        return source
    }
}
