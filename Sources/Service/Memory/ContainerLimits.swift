import CheckedConversion
import Foundation

/// What the process's container allows it, from cgroup v2 and the CPU affinity mask. In a pod,
/// `ProcessInfo.activeProcessorCount` counts the node's cores (a 2-CPU pod on a 32-core node would
/// start 32 workers) and says nothing of memory; the kernel's own limits are these:
/// - `memory.max` of the process's cgroup and of every cgroup above it, the lowest (`max`: none);
/// - `cpu.max`'s quota over its period, rounded up, likewise the lowest, and never more than the CPUs
///   the process may be scheduled on (its affinity mask, as `nproc` counts them).
public struct ContainerLimits: Sendable, Equatable {
    /// The memory the process may use before the kernel's OOM killer ends it; `nil` for no limit.
    public let memoryBytes: Int?
    /// The CPUs the process may use at once (at least 1).
    public let cpus: Int

    /// This process's limits, read once.
    public static let current = ContainerLimits(
        cgroupRoot: "/sys/fs/cgroup", membership: (try? String(contentsOfFile: "/proc/self/cgroup", encoding: .utf8)) ?? "",
        schedulable: schedulableCPUs())

    public init(memoryBytes: Int?, cpus: Int) {
        self.memoryBytes = memoryBytes
        self.cpus = max(1, cpus)
    }

    /// Reads the limits under `cgroupRoot` (the cgroup v2 mount) for the process whose
    /// `/proc/self/cgroup` is `membership` (`0::/kubepods/…`), capped at `schedulable` CPUs.
    init(cgroupRoot: String, membership: String, schedulable: Int) {
        let folders = Self.folders(root: cgroupRoot, membership: membership)
        func read(_ file: String) -> [String] { folders.compactMap { try? String(contentsOfFile: $0 + "/" + file, encoding: .utf8) } }
        let memory = read("memory.max").compactMap(Self.memoryMax).min()
        let quota = read("cpu.max").compactMap(Self.cpuMax).min()
        self.init(memoryBytes: memory, cpus: min(schedulable, quota.map { Int(saturating: $0.rounded(.up)) } ?? schedulable))
    }

    /// The cgroup folders from the process's own up to the root: a parent's limit binds too.
    static func folders(root: String, membership: String) -> [String] {
        // cgroup v2 has one line, `0::PATH`; v1 lines (`N:controller:PATH`) name no v2 files.
        guard let line = membership.split(separator: "\n").first(where: { $0.hasPrefix("0::") }) else { return [root] }
        var path = String(line.dropFirst(3))
        var folders: [String] = []
        while !path.isEmpty && path != "/" {
            folders.append(root + path)
            path = (path as NSString).deletingLastPathComponent
        }
        return folders + [root]
    }

    /// `memory.max`: bytes, or `nil` for `max`.
    static func memoryMax(_ text: String) -> Int? {
        Int(text.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// `cpu.max` (`QUOTA PERIOD`): the CPUs it allows, or `nil` for `max`.
    static func cpuMax(_ text: String) -> Double? {
        let fields = text.split(whereSeparator: \.isWhitespace)
        guard fields.count == 2, let quota = Double(fields[0]), let period = Double(fields[1]), period > 0, quota > 0 else { return nil }
        return quota / period
    }

    /// The CPUs this process may be scheduled on (its affinity mask: `Cpus_allowed` of
    /// `/proc/self/status`, hexadecimal in comma-separated words); the active processor count when
    /// it cannot be read.
    static func schedulableCPUs(status: String? = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) -> Int {
        let fallback = ProcessInfo.processInfo.activeProcessorCount
        guard let line = status?.split(separator: "\n").first(where: { $0.hasPrefix("Cpus_allowed:") }) else { return fallback }
        var count = 0
        for digit in line.dropFirst("Cpus_allowed:".count) where digit != "," && !digit.isWhitespace {
            guard let value = digit.hexDigitValue else { return fallback }
            count += value.nonzeroBitCount
        }
        return count > 0 ? count : fallback
    }
}
