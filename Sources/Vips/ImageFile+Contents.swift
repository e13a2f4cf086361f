#if canImport(Glibc)
    import Glibc
#endif

extension ImageFile {
    /// The file's bytes, read from the descriptor that was checked (`pread`, so no read offset is
    /// shared with libvips's sources): what a PDF rebuilds a JPEG drawn whole from. Fails if
    /// the file is shorter or longer than when it was opened.
    public func contents() throws(VipsError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: size)
        var done = 0
        while done < size {
            let count = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress! + done, size - done, off_t(done)) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw VipsError(operation: "read source", message: "the file changed while it was read") }
            done += count
        }
        return bytes
    }
}
