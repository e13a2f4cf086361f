import CVips
import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// An open image file: the descriptor libvips reads from, plus the file's identity (size and
/// modification time), which the cache uses to notice changed sources. The file is opened once and
/// checked on that descriptor, so what was checked is what is decoded even if the path is replaced
/// (by another file, or a FIFO that would block a reader) in between.
public final class ImageFile: Sendable {
    /// The file's path, as opened.
    public let path: String
    /// Size in bytes.
    public let size: Int
    /// Modification time in nanoseconds since the epoch.
    public let modified: Int64
    /// Owned; closed when this object goes away.
    let descriptor: Int32

    /// Why opening a file failed.
    public enum OpenError: Error, Sendable {
        case notFound
        case notRegularFile
        case unreadable(errno: Int32)
    }

    /// Opens `path` for reading and checks, on the open descriptor, that it is a regular file.
    /// Non-blocking, so a FIFO or device at the path fails at once instead of waiting for a writer.
    public init(path: String) throws(OpenError) {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            let code = errno
            throw code == ENOENT || code == ENOTDIR ? .notFound : code == ENXIO ? .notRegularFile : .unreadable(errno: code)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .unreadable(errno: code)
        }
        guard (info.st_mode & S_IFMT) == S_IFREG else {
            close(fd)
            throw .notRegularFile
        }
        self.path = path
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

    /// Opens the image: only the header is read until pixels are needed. `reduction` decodes a JPEG or
    /// WebP file at a reduced size; it is ignored for the other formats (and for a JPEG shrink on a WebP
    /// file, or the reverse). Corrupt or truncated data fails when pixels are computed.
    public func load(reduction: LoadReduction = .none, sequential: Bool = true) throws(VipsError) -> VImage {
        let source = try makeSource()
        defer { cvips_unref_source(source) }
        let (jpegShrink, webpScale): (Int32, Double) =
            switch reduction {
            case .none: (1, 1)
            case .jpegShrink(let shrink): (Int32(shrink), 1)
            case .webpScale(let scale): (1, scale)
            }
        return try VImage.make("load") { cvips_load_source(source, $0, jpegShrink, webpScale, sequential ? 1 : 0, 1) }
    }

    /// Each source gets its own open file description of this file (see the shim): sources share no
    /// read offset, and never reopen the path.
    func makeSource() throws(VipsError) -> UnsafeMutablePointer<VipsSource> {
        try Vips.start()
        guard let source = cvips_source_for_descriptor(descriptor) else { throw VipsError.take(operation: "open source") }
        return source
    }
}
