import CVips
import CheckedConversion
import Synchronization

/// The process-wide libvips runtime: started once, with the settings the service relies on.
public enum Vips {
    /// Starts libvips (idempotent and thread-safe). Throws when the library cannot start.
    public static func start() throws(VipsError) {
        try started.get()
    }

    /// True once libvips has started successfully.
    public static var isReady: Bool {
        (try? started.get()) != nil
    }

    /// Turns the SVG and PDF loaders (untrusted by libvips) on or off; off by default. Either way only
    /// the service's loaders run: JPEG, PNG, WebP, GIF, HEIF/AVIF and TIFF.
    public static func allowUntrustedLoaders(_ allowed: Bool) {
        // Applying the setting blocks every loader before unblocking the wanted ones, and a load on
        // another thread in that window fails (`operation is blocked`): only a change needs it. Every
        // service start asks for it, so several services in one process (the tests) raced before.
        guard untrustedLoadersAllowed.exchange(allowed, ordering: .sequentiallyConsistent) != allowed else { return }
        cvips_allow_loaders(allowed ? 1 : 0)
    }

    /// The last setting applied; `start` applies `false`.
    private static let untrustedLoadersAllowed = Atomic<Bool>(false)

    /// Makes GLib criticals (failed preconditions inside libvips) and GObject warnings (arguments out
    /// of range) abort the process, for fuzzing harnesses that must see them as crashes. Never called
    /// by the service.
    public static func makeCriticalsFatal() {
        cvips_make_criticals_fatal()
    }

    /// Bytes libvips has allocated for pixels right now, and the most it ever had.
    public static var trackedMemory: (current: Int, highWater: Int) {
        (Int(vips_tracked_get_mem()), Int(vips_tracked_get_mem_highwater()))
    }

    /// The libvips version, e.g. `8.14.1`.
    public static var version: String {
        "\(vips_version(0)).\(vips_version(1)).\(vips_version(2))"
    }

    /// Whether libvips runs its SIMD (vector) code paths: on with libvips 8.15 and later (Highway).
    public static var isVectorEnabled: Bool {
        vips_vector_isenabled() != 0
    }

    /// Bounds libvips's operation-cache memory and the threads it uses per image (0 = its default,
    /// one per core).
    public static func boundResources(cacheMemory: Int, threadsPerImage: Int) {
        cvips_bound_resources(cacheMemory, Int32(threadsPerImage))
    }

    // A static `let` runs its initializer exactly once, even under concurrent first use.
    private static let started: Result<Void, VipsError> = {
        guard cvips_init("imgframe") == 0 else { return .failure(VipsError.take(operation: "init")) }
        // Results are cached on disk by the service; libvips's own operation cache only costs memory.
        vips_cache_set_max(0)
        // Loaders marked untrusted (SVG, PDF, JPEG 2000, JPEG XL, ImageMagick…) can reach files or
        // run complex parsers on hostile input, and others (matrix, CSV, PPM, VIPS…) read formats the
        // service does not serve: only the six we need run unless `allowUntrustedLoaders` adds SVG/PDF.
        cvips_allow_loaders(0)
        // SIMD: libvips 8.15 and later vectorise with Highway, compiled in, and do not use liborc:
        // on by default, kept on (fit 12 %, fill 24 % less CPU than the C paths on libvips 8.16).
        // Before 8.15, libvips compiled orc programs at run time with every resize (reducev), and
        // liborc 0.4.33 freed a program's code memory without its lock: concurrent renders
        // corrupted orc's code-memory list and crashed the process (`ConcurrentResizeTests`), so
        // the vector code stays off there.
        if vips_version(0) == 8 && vips_version(1) < 15 { vips_vector_set_enabled(0) }
        return .success(())
    }()
}

/// A libvips failure, with the operation that failed and libvips's own message (for logs; never
/// shown to clients as is).
public struct VipsError: Error, Sendable, CustomStringConvertible {
    public let operation: String
    public let message: String

    public init(operation: String, message: String) {
        self.operation = operation
        self.message = message
    }

    /// Takes (and clears) the text libvips left in its error buffer.
    package static func take(operation: String) -> VipsError {
        guard let text = vips_error_buffer_copy() else { return VipsError(operation: operation, message: "unknown libvips error") }
        defer { cvips_free(text) }
        let message = String(cString: text).split(separator: "\n").joined(separator: "; ")
        return VipsError(operation: operation, message: message.isEmpty ? "unknown libvips error" : message)
    }

    public var description: String { "\(operation): \(message)" }
}
