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
/// name or symlink leads outside it), read together as one Swift module (`TemplateModule`: each
/// file's declarations are visible to every file). The module is parsed when first needed and kept
/// until a file is added, removed or changed (device, inode, size or modification time differ), so
/// a request costs a listing and a `stat` per file; each template is loaded once per module.
public final class TemplateFolder: Sendable {
    /// The folder, confined as a source directory is.
    public let directory: SourceDirectory
    private let limits: SpecLimits
    private let maxBytes: Int
    /// The module and its loaded templates and failures by name, with the file states it was read from.
    private let state = Mutex<Loaded?>(nil)

    /// Most template files a folder's module reads (more are left out, in name order).
    public static let maxFiles = 1000

    private struct Loaded: @unchecked Sendable {
        let stamps: [String: FileStamp]
        let module: TemplateModule
        /// Why a file could not be read, by name.
        let unreadable: [String: TemplateError]
        var templates: [ByteKey: Result<ViewTemplate, TemplateError>] = [:]
    }

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
        let stamps = currentStamps()
        guard stamps[name] != nil else { throw .notFound(name) }
        let key = ByteKey(name)
        var loaded: Loaded
        if let current = state.withLock({ $0 }), current.stamps == stamps {
            if let result = current.templates[key] { return try result.get() }
            loaded = current
        } else {
            loaded = load(stamps)
        }
        let result: Result<ViewTemplate, TemplateError>
        if let failure = loaded.unreadable[name] {
            result = .failure(failure)
        } else {
            result = Result { () throws(TemplateError) in try ViewTemplate(name: name, module: loaded.module, limits: limits) }
        }
        loaded.templates[key] = result
        let stored = loaded
        state.withLock { current in
            if current == nil || current!.stamps != stored.stamps || current!.templates.count < stored.templates.count { current = stored }
        }
        return try result.get()
    }

    /// The template files of the folder (those whose names are valid and stay inside it) with their states.
    private func currentStamps() -> [String: FileStamp] {
        guard let root = directory.resolvedRoot, let files = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [:] }
        let suffix = ViewTemplate.fileName("")
        var stamps: [String: FileStamp] = [:]
        for file in files.sorted() where !file.hasPrefix(".") && file.hasSuffix(suffix) && stamps.count < Self.maxFiles {
            let name = String(file.dropLast(suffix.count))
            guard ViewTemplate.isValidName(name), let path = try? directory.path(for: file), let stamp = FileStamp(path: path) else { continue }
            stamps[name] = stamp
        }
        return stamps
    }

    /// Reads every file and parses the module.
    private func load(_ stamps: [String: FileStamp]) -> Loaded {
        var files: [(name: String, text: String)] = []
        var unreadable: [String: TemplateError] = [:]
        for name in stamps.keys.sorted() {
            let file = ViewTemplate.fileName(name)
            do throws(TemplateError) {
                files.append((name, try read(file, stamp: stamps[name]!)))
            } catch {
                unreadable[name] = error
                files.append((name, ""))
            }
        }
        return Loaded(stamps: stamps, module: TemplateModule(files: files), unreadable: unreadable)
    }

    private func read(_ file: String, stamp: FileStamp) throws(TemplateError) -> String {
        guard stamp.isRegularFile else { throw .unreadable(file: file, reason: "not a regular file") }
        guard stamp.size <= maxBytes else { throw .unreadable(file: file, reason: "larger than \(maxBytes) bytes") }
        guard let path = try? directory.path(for: file), let data = FileManager.default.contents(atPath: path) else {
            throw .unreadable(file: file, reason: "cannot be opened")
        }
        guard let text = String(validating: data, as: UTF8.self) else { throw .unreadable(file: file, reason: "not UTF-8 text") }
        return text
    }
}

/// What identifies one version of a file without reading it.
private struct FileStamp: Hashable, Sendable {
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
