import Hashing
#if canImport(Glibc)
    import Glibc
#endif

/// Reads and verifies one entry file through an open descriptor, never holding a large body in
/// memory: the header is read first, then the body is hashed in chunks; a small body is returned as
/// bytes, a large one as the verified open file (streamed from the same descriptor, so what was
/// verified is what is sent).
enum EntryReader {
    /// Bytes read per `pread` while verifying a large body.
    static let chunkBytes = 256 * 1024

    /// Why a read gave no entry.
    enum Failure: Error {
        /// The file exists but could not be read (logged, counted).
        case io(FileIO.Failure)
        /// The file is not a valid entry (deleted, counted).
        case invalid(EntryFile.Invalid)
    }

    /// The entry at `path`, `nil` when there is none. Bodies longer than `streamingAbove` bytes come
    /// back as an open file region.
    static func read(_ path: String, streamingAbove threshold: Int, limit: Int) throws(Failure) -> CacheHit? {
        let opened: (descriptor: Int32, size: Int)?
        do { opened = try FileIO.openForReading(path) } catch { throw .io(error) }
        guard let (fd, size) = opened else { return nil }
        var keepOpen = false
        defer { if !keepOpen { close(fd) } }
        guard size <= limit else { throw .io(FileIO.Failure(call: "read (too large)", code: EFBIG)) }
        // A file that can hold at most a body to return as bytes is read whole, in one call (the
        // thumbnail hit path); a larger one only as far as its header, its body hashed in chunks.
        let readWhole = size - EntryFile.maxHeaderBytes <= threshold
        let head = try bytes(fd, at: 0, count: readWhole ? size : min(size, EntryFile.maxHeaderBytes))
        let header: EntryFile.Header
        do { header = try EntryFile.header(head[...]) } catch { throw .invalid(error) }
        guard size - header.bodyStart == header.length else { throw .invalid(.length) }
        let hasher = SHA256Hasher()
        head.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<header.fieldsEnd])) }
        if readWhole {
            head.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[header.bodyStart...])) }
        } else {
            var chunk = [UInt8](repeating: 0, count: chunkBytes)
            var offset = header.bodyStart
            while offset < size {
                let count = min(chunkBytes, size - offset)
                try fill(fd, &chunk, at: offset, count: count)
                chunk.withUnsafeBytes { hasher.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
                offset += count
            }
        }
        guard hasher.finish().hexString == header.checksum else { throw .invalid(.checksum) }
        let body: CacheHit.Body
        if header.length <= threshold {
            // Within the threshold, so within `readWhole`: the body is already in `head`.
            body = .bytes(Array(head[header.bodyStart...]))
        } else {
            keepOpen = true
            body = .file(CachedFile(descriptor: fd, offset: header.bodyStart, length: header.length))
        }
        return CacheHit(contentType: header.contentType, etag: header.etag, created: header.created, body: body, tags: header.tags)
    }

    private static func bytes(_ fd: Int32, at offset: Int, count: Int) throws(Failure) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        try fill(fd, &bytes, at: offset, count: count)
        return bytes
    }

    private static func fill(_ fd: Int32, _ bytes: inout [UInt8], at offset: Int, count: Int) throws(Failure) {
        do { try FileIO.read(fd, into: &bytes, at: offset, count: count) } catch { throw .io(error) }
    }
}
