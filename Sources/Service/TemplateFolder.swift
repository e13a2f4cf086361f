#if canImport(Glibc)
import Glibc
#endif
import Foundation
import Layout
import Render
import Sources
import Synchronization
import TransformSpec
import CheckedConversion

/// The view templates folder (`templates`): `{name}.swift` files, confined like the image root (no
/// name or symlink leads outside it). A template is parsed when first asked for and kept until its
/// file changes (device, inode, size or modification time differ), so a request costs one `stat`.
public final class TemplateFolder: Sendable {
    /// The folder, confined as a source directory is.
    public let directory: SourceDirectory
    private let limits: SpecLimits
    private let maxBytes: Int
    /// Loaded templates and failures by name (its bytes), with the file state they were read from.
    private let loaded = Mutex<[ByteKey: (stamp: FileStamp, result: Result<ViewTemplate, TemplateError>)]>([:])

    /// - Parameters:
    ///   - path: the folder (`templates`).
    ///   - limits: the view-tree limits the templates are parsed and built under.
    ///   - maxBytes: largest template file (`Limits.templateBytes`).
    public init(path: String, limits: SpecLimits, maxBytes: Int = Limits.templateBytes) {
        directory = SourceDirectory(root: path)
        self.limits = limits
        self.maxBytes = maxBytes
    }

    /// The parsed template `name`: `invalidName`, `notFound`, or the file's `unreadable`/`invalid`.
    public func template(named name: String) throws(TemplateError) -> ViewTemplate {
        guard ViewTemplate.isValidName(name) else { throw .invalidName(name) }
        let file = ViewTemplate.fileName(name)
        guard let path = try? directory.path(for: file), let stamp = FileStamp(path: path) else { throw .notFound(name) }
        let key = ByteKey(name)
        if let entry = loaded.withLock({ $0[key] }), entry.stamp == stamp { return try entry.result.get() }
        let result = Result { () throws(TemplateError) in try load(name, file: file, path: path, stamp: stamp) }
        loaded.withLock { $0[key] = (stamp, result) }
        return try result.get()
    }

    private func load(_ name: String, file: String, path: String, stamp: FileStamp) throws(TemplateError) -> ViewTemplate {
        guard stamp.isRegularFile else { throw .unreadable(file: file, reason: "not a regular file") }
        guard stamp.size <= maxBytes else { throw .unreadable(file: file, reason: "larger than \(maxBytes) bytes") }
        guard let data = FileManager.default.contents(atPath: path) else { throw .unreadable(file: file, reason: "cannot be opened") }
        guard let text = String(validating: data, as: UTF8.self) else { throw .unreadable(file: file, reason: "not UTF-8 text") }
        return try ViewTemplate(name: name, text: text, limits: limits)
    }
}

/// What identifies one version of a file without reading it.
private struct FileStamp: Equatable, Sendable {
    let device: UInt64
    let inode: UInt64
    let size: Int
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int
    let isRegularFile: Bool

    init?(path: String) {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int(info.st_size)
        modifiedSeconds = Int(info.st_mtim.tv_sec)
        modifiedNanoseconds = Int(info.st_mtim.tv_nsec)
        isRegularFile = (info.st_mode & S_IFMT) == S_IFREG
    }
}
