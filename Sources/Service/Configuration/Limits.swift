import Render
import TransformSpec

/// What the service itself decides: scheduling (render workers, queue, heavy share, the I/O lane),
/// drains, memory returned to the system, and its own caches and answers, one documented line each.
/// The lower modules state their own defaults once and the settings table reads them from there:
/// `ServerConfiguration` (HTTP framing and timing), `RenderLimits` and `RenderOptions` (images, the
/// render deadline, encoders), `SpecLimits` (chains and view trees), `ResultCache.Configuration` and
/// `OriginSources.Settings`. `config/imgframe.conf` and `docs/configuration.md` are checked against
/// the table (`ConfigurationDefaultsTests`).
public enum Limits {
    /// Cache hits larger than this are streamed from the cache file; smaller ones (thumbnails) are read
    /// into memory, which is faster.
    public static let streamedHitBytes = 256 * 1024
    /// How long a drain (SIGTERM) waits for in-flight requests before closing them.
    public static let drainTimeout: Duration = .seconds(25)
    /// How long the side listeners' drain (metrics, health) waits after the public one's (a scrape or probe is quick).
    public static let sideListenerDrainTimeout: Duration = .seconds(1)

    // Work scheduling (imgproxy's workers): renders run on a bounded pool.
    /// The default number of render workers: one per CPU the container allows (`ContainerLimits`). With
    /// libvips 8.16's SIMD paths a render keeps its core busy; a spare worker (the default with
    /// libvips 8.14, whose renders waited on its threads at each strip) no longer helps. 2 cores,
    /// 4032×3024 JPEG → 300×225 fit misses: at 2 connections 2 workers render 90–91/s where 3
    /// render 77–78/s; at 8 connections 2, 3 and 4 workers all render 100/s.
    public static var defaultWorkers: Int { ContainerLimits.current.cpus }
    /// Renders that may wait per worker, a bound on memory and open sources (time bounds the wait): ≈ `queueTimeout` of 50 ms renders.
    public static let queuePerWorker = 64
    /// Longest wait for a worker; then 503 + `Retry-After`. Well under `renderTimeout`, so a wait plus a render stays bounded.
    public static let queueTimeout: Duration = .seconds(3)
    /// A render whose estimated CPU time (`RenderCost`) is over this share of the render deadline is
    /// heavy: 2.5 s of the default 10 s, a 3000×3000 blur of radius 12 or a 4 MP AVIF.
    public static let heavyRenderShare = 0.25
    /// The default number of heavy renders that may run at once with `workers` workers: half of them,
    /// at least one, so the others stay free for light renders (three 4000×4000 blurs on three workers
    /// made a 64×48 thumbnail wait the whole `queueTimeout` and fail).
    public static func heavyWorkers(workers: Int) -> Int { max(1, workers / 2) }

    /// The deadline the heavy share is measured against for a renderer without one: Render's default.
    public static var renderTimeout: Duration { RenderLimits.defaultTimeout }

    // The I/O lane (source lookups, origin fetches, cache-file reads), beside the render lane; its
    // waits are bounded by the same `queue_timeout` and `queue` admission as renders.
    /// Threads of the I/O lane (`io_workers`). They mostly wait on disks and networks, not cores, so
    /// there are more of them than render workers; 16 keeps a slow origin or disk from holding
    /// every lookup while staying far below the open-file and connection limits.
    public static let ioWorkers = 16
    /// Most origin fetches in flight at once (`origin_fetches`), capped at `ioWorkers` when applied:
    /// half the default lane, so slow origins leave threads for local files and cache reads.
    public static let originFetches = 8

    // libvips, process-wide.
    /// Memory libvips's operation cache may hold (the result cache is on disk).
    public static let vipsCacheMemory = 0
    /// Threads libvips uses per render (0 = its default, one per core); the workers already fill the cores. 2 workers on 2 cores,
    /// 4032×3024 JPEG → 300×225 fit: libvips 8.14 rendered 83.0/s with 1 thread vs 79.3 with the default; libvips 8.16 93–95/s
    /// vs 92–99/s (two rounds at 2 and 8 connections; fill 75.7 vs 75.2), the same within the noise, so one thread stays.
    public static let vipsThreadsPerImage = 1

    // Requests.
    /// Longest view template name (`/view/NAME`): fixed, as part of what makes a name one safe path
    /// segment (see `ViewTemplate.isValidName`), so it is read here but not configurable.
    public static let templateNameLength = ViewTemplate.maxNameLength
    /// Largest view template file (`templates` folder); the view-tree limits (`SpecLimits`) apply to
    /// its contents as to a chain, all but the chain length.
    public static let templateBytes = 64 * 1024

    // Memory returned to the system (glibc malloc; see `Allocator`).
    /// Allocator arenas; glibc's default of 8 per core strands freed memory in per-thread heaps.
    public static let mallocArenas = 2
    /// Allocations from this size up are mmap-backed and unmapped when freed (fixed, not glibc's
    /// dynamic threshold that grows to 32 MiB). Below it, a thumbnail's decode (570 KB for a 12 MP
    /// photo at 1/8, 2.3 MB at 1/4) is reused from the heap: mapped afresh, it would cost a page
    /// fault per 4 KB on every miss, 0.5 to 2 CPU-ms (measured at 128 KiB).
    public static let mallocMmapThreshold = 4 * 1024 * 1024
    /// Free space at the top of a heap beyond which glibc shrinks it on free.
    public static let mallocTrimThreshold = 8 * 1024 * 1024
    /// Free heap bytes worth a `malloc_trim`.
    public static let mallocTrimSlack = 32 * 1024 * 1024
    /// How often the server checks for free heap bytes to return, seconds.
    public static let mallocTrimIntervalSeconds = 2

    /// Parsed requests remembered by canonical spelling (the memo is emptied when it reaches this).
    public static let specMemoEntries = 4096
    /// Longest request target the access log writes; longer ones are cut and end in `…`.
    public static let logTargetLength = 512
    /// Longest refusal reason the access log writes after a 4xx line; longer ones end in `…`.
    public static let logReasonLength = 200
    /// How long a request's source identity (`realpath` + `stat`) is trusted before it is checked
    /// again (nginx's `open_file_cache_valid`): a changed source may be served stale this long.
    public static let sourceCheck: Duration = .seconds(1)

    /// `Cache-Control` of successful image responses: results never change for a URL.
    public static let cacheControl = "public, max-age=31536000, immutable"

    /// Most names `GET /playground/sources` lists (sorted; the rest are left off, `truncated: true`).
    public static let playgroundSources = 200
    /// Deepest folder level under the root `GET /playground/sources` looks into (1 = the root alone).
    public static let playgroundSourceDepth = 3
    /// Most templates `GET /playground/templates` lists (sorted by name; the rest are left off, `truncated: true`).
    public static let playgroundTemplates = 100

    // CORS.
    /// How long a browser may keep a preflight answer (`Access-Control-Max-Age`), seconds: one day
    /// (Firefox's cap; Chromium caps at 2 hours).
    public static let corsMaxAge = 86_400
}
