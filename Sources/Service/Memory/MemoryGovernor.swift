import CheckedConversion
import Foundation
import Synchronization

/// The last line of defence for memory: what the render budget estimates is checked before each
/// render, but an allocation it did not foresee (a library's cache, a decoder's working set) would
/// still grow the process until the kernel kills it. Above `highWater` bytes resident, new renders are
/// refused with `503` + `Retry-After` until the process falls below it again, so the worst case is a
/// few 503s, never an OOM kill that drops every connection. Hits, 304s and health checks are served
/// as always: they allocate nothing to speak of.
///
/// The resident size is read from `/proc/self/statm` for each render admitted (a few microseconds,
/// beside the milliseconds of a render); it counts libvips's pixel buffers too.
public final class MemoryGovernor: Sendable {
    /// Resident bytes above which new renders are refused; `nil` turns the governor off.
    public let highWater: Int?
    private let refusalCount = Atomic<Int>(0)

    public init(highWater: Int?) {
        self.highWater = highWater
    }

    /// The default high-water mark: 85 % of the container's memory limit, leaving the rest for what
    /// renders already admitted still allocate; `nil` (off) where there is no limit.
    public static func defaultHighWater(_ limits: ContainerLimits = .current) -> Int? {
        limits.memoryBytes.map { $0 / 100 * 85 }
    }

    /// Whether a new render may start now; counts a refusal when not.
    func admits() -> Bool {
        guard let highWater else { return true }
        guard Self.residentBytes() > highWater else { return true }
        refusalCount.add(1, ordering: .relaxed)
        return false
    }

    /// Renders refused for memory so far.
    public var refusals: Int { refusalCount.load(ordering: .relaxed) }

    /// The resident size now, bytes.
    public var resident: Int { Self.residentBytes() }

    /// The process's resident set, from `/proc/self/statm` (its second field, in pages); 0 when unreadable.
    static func residentBytes() -> Int {
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return 0 }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = read(descriptor, &buffer, buffer.count)
        guard count > 0 else { return 0 }
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
