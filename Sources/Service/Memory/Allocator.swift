import CMalloc
import CheckedConversion
import Dispatch

/// Returns freed memory to the system. glibc keeps freed heap pages for reuse, so after one large
/// render a process can hold a gigabyte that nothing uses; these settings and a periodic trim give it
/// back (imgproxy and sharp set `MALLOC_ARENA_MAX` for the same reason).
public enum Allocator {
    /// Applies `Limits`' allocator settings; call once at start-up, before the threads start.
    @discardableResult
    public static func configure() -> Bool {
        cmalloc_configure(Int32(Limits.mallocArenas), Int32(Limits.mallocMmapThreshold), Int32(Limits.mallocTrimThreshold)) == 1
    }

    /// Bytes held free inside the allocator's heaps.
    public static var freeHeapBytes: Int { Int(cmalloc_free_bytes()) }

    /// Gives free heap pages back when more than `Limits.mallocTrimSlack` are held; true when it trimmed.
    @discardableResult
    public static func trimIfWorthIt() -> Bool {
        guard freeHeapBytes > Limits.mallocTrimSlack else { return false }
        return cmalloc_trim() == 1
    }

    private static let queue = DispatchQueue(label: "imgframe.allocator", qos: .utility)

    /// Trims every `Limits.mallocTrimIntervalSeconds` for as long as the process runs.
    public static func startPeriodicTrim() -> DispatchSourceTimer {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        let interval = DispatchTimeInterval.seconds(Limits.mallocTrimIntervalSeconds)
        timer.schedule(deadline: .now() + interval, repeating: interval)
        timer.setEventHandler { trimIfWorthIt() }
        timer.resume()
        return timer
    }
}
