#if canImport(Glibc)
    import Glibc
#endif

/// One spare descriptor held open so that, when the process has run out (EMFILE/ENFILE), the server
/// can still accept what waits in the backlog and answer it 503, instead of leaving clients hanging
/// and the accept source firing in a loop (the reserve-descriptor technique of libuv and others).
/// Used only on the server's accept queue.
final class DescriptorReserve: @unchecked Sendable {
    // @unchecked: `descriptor` is touched only on the accept queue (and once before it starts).
    private var descriptor: Int32 = -1

    /// Opens the spare if it is not held (it may fail when descriptors are short; the next call retries).
    func fill() {
        if descriptor < 0 { descriptor = open("/dev/null", O_RDONLY | O_CLOEXEC) }
    }

    /// Closes the spare, runs `body` with the slot that frees, then takes the spare back.
    func withSpareSlot(_ body: () -> Void) {
        if descriptor >= 0 {
            close(descriptor)
            descriptor = -1
        }
        body()
        fill()
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }
}
