import Cache
import HTTP1
import Render
import Vips

/// The service's metrics, by name (Prometheus style, the OTel names in the help text): requests and
/// their latency by route and status, render time by stage, the cache's counters, the render queue
/// and libvips's memory. Events are recorded as they happen; gauges are read when `/metrics` is asked.
final class ServiceMetrics: Sendable {
    let registry = MetricsRegistry()

    let requests = RequestMetrics()

    func request(route: RouteLabel, status: Int, seconds: Double) {
        requests.record(route: route, status: status, seconds: seconds)
    }

    func render(_ timings: RenderTimings) {
        for (stage, milliseconds) in [("decode", timings.decode), ("layout", timings.layout), ("render", timings.render), ("encode", timings.encode)]
        {
            registry.observe(
                "imgframe_render_stage_duration_seconds", help: "Time of each render stage (imgframe.render.duration).",
                labels: [("stage", stage)], seconds: milliseconds / 1000)
        }
    }

    /// Time a job waited for a thread of `lane` (`io`, `render`) before it started.
    func queueWait(lane: String, seconds: Double) {
        registry.observe(
            "imgframe_\(lane)_queue_wait_seconds", help: "Time a job waited for a thread of the \(lane) lane (imgframe.\(lane).queue_wait).",
            seconds: seconds)
    }

    /// A job of `lane` refused with 503: `queue_full` (over the count bound) or `queue_timeout` (no thread within `queue_timeout`).
    func refusal(lane: String, reason: String) {
        registry.increment(
            "imgframe_\(lane)_refusals_total", help: "Jobs of the \(lane) lane refused with 503, by reason (imgframe.\(lane).refusals).",
            labels: [("reason", reason)])
    }

    /// The exposition, with the gauges read now.
    func exposition(
        cache: ResultCache, executor: Executor, statistics: ServiceStatistics, memory governor: MemoryGovernor, derived: DerivedSources.Statistics?,
        connections: Int
    ) -> String {
        let (pool, io) = (executor.render, executor.io)
        let c = cache.statistics
        let counters: [(String, String, Int)] = [
            ("imgframe_cache_hits_total", "Cache hits (imgframe.cache.hits).", c.hits),
            ("imgframe_cache_misses_total", "Cache misses (imgframe.cache.misses).", c.misses),
            ("imgframe_cache_evictions_total", "Entries evicted for the byte budget (imgframe.cache.evictions).", c.evictions),
            ("imgframe_cache_errors_total", "Failed cache reads and writes and invalid entries (imgframe.cache.errors).", c.errors),
            ("imgframe_cache_written_bytes_total", "Bytes written to the cache (imgframe.cache.bytes_written).", c.bytesWritten),
            ("imgframe_cache_served_bytes_total", "Bytes served from the cache (imgframe.cache.bytes_served).", c.bytesServed),
            ("imgframe_renders_total", "Renders started (imgframe.renders).", statistics.renders),
            (
                "imgframe_memory_refusals_total", "Renders refused with 503 above the memory high-water mark (imgframe.memory.refusals).",
                governor.refusals
            ),
            (
                "imgframe_derived_sources_evictions_total", "Kept decodes dropped for the byte budget (imgframe.derived_sources.evictions).",
                derived?.evictions ?? 0
            ),
            (
                "imgframe_derived_sources_replays_total",
                "Decodes (misses, and JPEG full-size decodes) that took their blocks from the original's kept JPEG coefficients instead of its bytes (imgframe.derived_sources.replays).",
                derived?.replays ?? 0
            ),
        ]
        for (name, help, value) in counters { registry.set(name, help: help, type: "counter", to: Double(value)) }
        for (outcome, value) in [("hit", derived?.hits ?? 0), ("miss", derived?.misses ?? 0)] {
            registry.set(
                "imgframe_derived_sources_lookups_total",
                help:
                    "Decodes that may be kept (JPEG shrink-on-load, HEIF/AVIF full size) looked up among the kept ones, by outcome (imgframe.derived_sources.lookups).",
                type: "counter", labels: [("outcome", outcome)], to: Double(value))
        }
        let usage = cache.usage
        let memory = Vips.trackedMemory
        let gauges: [(String, String, Int)] = [
            ("imgframe_cache_size_bytes", "Bytes held by cache entries (imgframe.cache.size).", usage.bytes),
            ("imgframe_cache_entries", "Cache entries (imgframe.cache.entries).", usage.entries),
            ("imgframe_derived_sources_bytes", "Bytes held by kept decodes of originals (imgframe.derived_sources.size).", derived?.bytes ?? 0),
            ("imgframe_derived_sources_entries", "Kept decodes of originals (imgframe.derived_sources.entries).", derived?.entries ?? 0),
            (
                "imgframe_derived_sources_capacity_bytes", "Most bytes kept decodes may hold; 0: off (imgframe.derived_sources.capacity).",
                derived?.capacity ?? 0
            ),
            ("imgframe_render_queue_depth", "Renders waiting for a worker (imgframe.render.queue_depth).", pool.queued),
            ("imgframe_renders_in_flight", "Renders running now (imgframe.render.in_flight).", pool.busy),
            ("imgframe_render_heavy_queue_depth", "Heavy renders waiting for a worker (imgframe.render.heavy.queue_depth).", pool.queuedHeavy),
            ("imgframe_renders_heavy_in_flight", "Heavy renders running now (imgframe.render.heavy.in_flight).", pool.busyHeavy),
            ("imgframe_io_queue_depth", "Source lookups, origin fetches and cache reads waiting for a thread (imgframe.io.queue_depth).", io.queued),
            ("imgframe_io_in_flight", "Source lookups, origin fetches and cache reads running now (imgframe.io.in_flight).", io.busy),
            ("imgframe_io_origin_queue_depth", "Origin fetches waiting for a thread (imgframe.io.origin.queue_depth).", io.queuedHeavy),
            ("imgframe_io_origin_in_flight", "Origin fetches running now (imgframe.io.origin.in_flight).", io.busyHeavy),
            ("imgframe_http_connections", "Open client connections (http.server.active_connections).", connections),
            ("imgframe_vips_memory_bytes", "Pixel memory libvips holds now (imgframe.vips.memory).", memory.current),
            ("imgframe_vips_memory_highwater_bytes", "Most pixel memory libvips has held (imgframe.vips.memory_highwater).", memory.highWater),
            ("imgframe_resident_memory_bytes", "Resident memory of the process now (imgframe.memory.resident).", governor.resident),
            (
                "imgframe_memory_high_water_bytes", "Resident memory above which new renders are refused; 0: no mark (imgframe.memory.high_water).",
                governor.highWater ?? 0
            ),
        ]
        for (name, help, value) in gauges { registry.set(name, help: help, to: Double(value)) }
        requests.publish(to: registry)
        return registry.render()
    }
}
