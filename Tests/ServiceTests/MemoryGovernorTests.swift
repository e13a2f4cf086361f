import Foundation
@testable import Service
import ServiceTestSupport
import Testing

/// The container's limits as the kernel states them, and the memory governor that keeps the process
/// under its high-water mark with 503s instead of an OOM kill.
@Suite("container limits and the memory governor")
struct MemoryGovernorTests {
    /// A cgroup v2 tree in a temporary folder: `files` by path under the root.
    static func cgroup(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-cgroup-\(UUID().uuidString)")
        for (path, text) in files {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
        }
        return root.path
    }

    @Test("a pod's memory.max and cpu.max bind, the lowest of its cgroup and those above it, and never more CPUs than it may run on")
    func podLimits() throws {
        let root = try Self.cgroup([
            "memory.max": "max\n", "cpu.max": "max 100000\n",
            "kubepods/memory.max": "8589934592\n", "kubepods/cpu.max": "800000 100000\n",
            "kubepods/pod1/memory.max": "2147483648\n", "kubepods/pod1/cpu.max": "150000 100000\n",
        ])
        let pod = ContainerLimits(cgroupRoot: root, membership: "0::/kubepods/pod1\n", schedulable: 32)
        #expect(pod == ContainerLimits(memoryBytes: 2_147_483_648, cpus: 2))
        #expect(ContainerLimits(cgroupRoot: root, membership: "0::/kubepods/pod1\n", schedulable: 1).cpus == 1)
        // No limits anywhere: the schedulable CPUs, and no memory limit.
        #expect(ContainerLimits(cgroupRoot: root, membership: "0::/\n", schedulable: 4) == ContainerLimits(memoryBytes: nil, cpus: 4))
        // cgroup v1 (no `0::` line): the root's files only.
        #expect(ContainerLimits(cgroupRoot: root, membership: "4:memory:/x\n", schedulable: 4) == ContainerLimits(memoryBytes: nil, cpus: 4))
    }

    @Test("the affinity mask counts the CPUs the process may run on")
    func affinity() {
        #expect(ContainerLimits.schedulableCPUs(status: "Name:\tx\nCpus_allowed:\tff,00000003\nCpus_allowed_list:\t0-1,32-39\n") == 10)
        #expect(ContainerLimits.schedulableCPUs() >= 1)
    }

    @Test("above the high-water mark a miss gets 503 with Retry-After and counts in /metrics; health checks are still served")
    func refusesAboveHighWater() throws {
        let fixture = try ServiceFixture { $0.memoryHighWater = 1 }
        let refused = try fixture.get("/img/landscape_4.jpg?w=51")
        #expect(refused.status == 503 && refused.header("Retry-After") == "1" && refused.text.contains("short of memory"), "\(refused.text)")
        #expect(try fixture.get("/healthz").status == 200)
        let metrics = try fixture.get("/metrics").text
        #expect(HeavyRenderTests.value("imgframe_memory_refusals_total", in: metrics) == 1, "\(metrics)")
        #expect(HeavyRenderTests.value("imgframe_memory_high_water_bytes", in: metrics) == 1)
        #expect((HeavyRenderTests.value("imgframe_resident_memory_bytes", in: metrics) ?? 0) > 1_000_000)
        #expect(fixture.service.statistics.renders == 0)
    }

    @Test("memory.high_water: auto follows the container, 0 turns it off, a size sets it")
    func setting() {
        var configuration = ServiceConfiguration()
        #expect(configuration.effectiveMemoryHighWater == MemoryGovernor.defaultHighWater())
        configuration.memoryHighWater = 0
        #expect(configuration.effectiveMemoryHighWater == nil)
        configuration.memoryHighWater = 1 << 30
        #expect(configuration.effectiveMemoryHighWater == 1 << 30)
        #expect(MemoryGovernor.defaultHighWater(ContainerLimits(memoryBytes: 1_000_000_000, cpus: 2)) == 850_000_000)
    }
}
