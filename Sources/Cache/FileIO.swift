import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// The POSIX file calls the cache uses, with `errno` kept for the log.
enum FileIO {
    struct Failure: Error, CustomStringConvertible {
        let call: String
        let code: Int32
        var description: String { "\(call): \(String(cString: strerror(code)))" }
    }

    /// An open read-only descriptor for `path` and the file's size, or `nil` when it does not exist.
    /// The caller closes the descriptor.
    static func openForReading(_ path: String) throws(Failure) -> (descriptor: Int32, size: Int)? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw Failure(call: "open", code: errno)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw Failure(call: "fstat", code: code)
        }
        return (fd, Int(info.st_size))
    }

    /// Reads exactly `count` bytes at `offset` into the start of `bytes` (which must be large enough).
    static func read(_ fd: Int32, into bytes: inout [UInt8], at offset: Int, count: Int) throws(Failure) {
        precondition(bytes.count >= count)
        var done = 0
        while done < count {
            let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress! + done, count - done, off_t(offset + done)) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { throw Failure(call: "read", code: n == 0 ? EIO : errno) }
            done += n
        }
    }

    /// Creates `path` exclusively and writes `bytes`; `sync` flushes it to disk before closing.
    static func create(_ path: String, _ bytes: [UInt8], sync: Bool) throws(Failure) {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw Failure(call: "open", code: errno) }
        var done = 0
        while done < bytes.count {
            let n = bytes.withUnsafeBytes { write(fd, $0.baseAddress! + done, bytes.count - done) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else {
                let code = errno
                close(fd)
                throw Failure(call: "write", code: code)
            }
            done += n
        }
        if sync, fsync(fd) != 0 {
            let code = errno
            close(fd)
            throw Failure(call: "fsync", code: code)
        }
        guard close(fd) == 0 else { throw Failure(call: "close", code: errno) }
    }

    static func rename(_ from: String, _ to: String) throws(Failure) {
        guard Glibc.rename(from, to) == 0 else { throw Failure(call: "rename", code: errno) }
    }

    /// Flushes a folder's entries (the rename) to disk.
    static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        fsync(fd)
        close(fd)
    }

    static func remove(_ path: String) {
        unlink(path)
    }

    /// Removes an entry file and then its hash folder (`ab/`) if that left it empty; `rmdir` fails
    /// on a folder that still has files, which is what keeps the others.
    static func removeEntry(_ path: String) {
        unlink(path)
        guard let slash = path.lastIndex(of: "/") else { return }
        rmdir(String(path[..<slash]))
    }

    /// `mkdir -p`, from the deepest folder up: one `mkdir` when only the last is missing (a new
    /// fan-out folder under the cache root), not one per component.
    static func makeDirectories(_ path: String) throws(Failure) {
        if mkdir(path, 0o755) != 0 {
            switch errno {
            case EEXIST: break
            case ENOENT:
                var parent = path
                while parent.count > 1, parent.hasSuffix("/") { parent.removeLast() }
                guard let slash = parent.lastIndex(of: "/"), slash != parent.startIndex else { throw Failure(call: "mkdir \(path)", code: ENOENT) }
                try makeDirectories(String(parent[..<slash]))
                if mkdir(path, 0o755) != 0 && errno != EEXIST { throw Failure(call: "mkdir \(path)", code: errno) }
            case let code: throw Failure(call: "mkdir \(path)", code: code)
            }
        }
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR else { throw Failure(call: "mkdir \(path)", code: ENOTDIR) }
    }

    /// Names in a folder (without `.` and `..`); empty when it cannot be read.
    static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) { $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) } }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Removes `path` and, when it is a folder, everything in it (symbolic links are removed, not followed).
    static func removeTree(_ path: String) {
        guard unlink(path) != 0, errno == EISDIR else { return }
        for name in list(path) { removeTree(path + "/" + name) }
        rmdir(path)
    }

    /// Size in bytes and modification time (seconds), or `nil`.
    static func sizeAndModified(_ path: String) -> (size: Int, modified: Int)? {
        var info = stat()
        guard stat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
        return (Int(info.st_size), Int(info.st_mtim.tv_sec))
    }
}
