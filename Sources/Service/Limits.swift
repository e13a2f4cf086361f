import HTTP1
import Render
import TransformSpec

/// Every number the service enforces or defaults to, in one place, one documented line each.
/// `config/imgframe.conf` mirrors these; configuration may override each.
public enum Limits {
    // HTTP framing (nginx's large_client_header_buffers, NIO's decoder limits).
    /// Longest request line; beyond it → 414.
    public static let requestLineBytes = 8 * 1024
    /// Largest header block; beyond it → 431.
    public static let headerBytes = 32 * 1024
    /// Most header fields; beyond it → 431.
    public static let headerCount = 100
    /// Largest request body; image requests have none, so this is small. Beyond it → 413.
    public static let bodyBytes = 64 * 1024

    // HTTP timing.
    /// Time to receive a whole request head; then 408.
    public static let headerTimeout: Duration = .seconds(10)
    /// How long a kept-alive connection may wait for its next request.
    public static let idleTimeout: Duration = .seconds(60)
    /// Longest stall of a response write (a client that stops reading).
    public static let writeTimeout: Duration = .seconds(30)
    /// Most open connections; more get 503 and are closed.
    public static let maxConnections = 2048
    /// Requests served on one connection before it is closed.
    public static let requestsPerConnection = 1000
    /// How long a connection closed after its response keeps draining what the client still sends
    /// (nginx's lingering close), so the client reads the response instead of a reset.
    public static let lingerTimeout: Duration = .seconds(1)
    /// Bytes all connections together may hold in buffers while streaming bodies from files; beyond
    /// it a connection waits for its next chunk, so slow readers cannot grow memory with their number.
    public static let responseBufferBytes = 64 * 1024 * 1024
    /// One chunk of a body streamed from a file; each streaming connection holds at most one.
    public static let responseChunkBytes = 64 * 1024
    /// Cache hits larger than this are streamed from the cache file; smaller ones (thumbnails) are read
    /// into memory, which is faster.
    public static let streamedHitBytes = 256 * 1024
    /// How long a drain (SIGTERM) waits for in-flight requests before closing them.
    public static let drainTimeout: Duration = .seconds(25)
    /// How long the metrics listener's drain waits after the public one's (a scrape is quick).
    public static let metricsDrainTimeout: Duration = .seconds(1)

    // Work scheduling (imgproxy's workers): renders run on a bounded pool.
    /// Render workers beyond one per CPU core. A render hands its pixels between its own thread and
    /// libvips's strip by strip, and a core waits at each hand-off; one more render keeps the cores
    /// busy. 2 cores, 4032×3024 JPEG → 300×225 fit misses at 8 connections: 3 workers render 74–81/s
    /// where 2 render 65–71/s (same run, three rounds), for one render's memory more.
    public static let spareWorkers = 1
    /// The default number of render workers on a machine with `cores` cores.
    public static func defaultWorkers(cores: Int) -> Int { cores + spareWorkers }
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

    // Originals from HTTP(S) origins.
    /// Byte budget of the originals cache (apart from the result cache's).
    public static let originsCacheBytes = 1024 * 1024 * 1024
    /// How long a fetched original is used before the origin is asked again (with its validators).
    public static let originsRevalidateAfter: Duration = .seconds(300)
    /// Longest wait to connect to an origin (then 504).
    public static let originsConnectTimeout: Duration = .seconds(2)
    /// Longest whole fetch of an original (then 504): well under `renderTimeout`.
    public static let originsTimeout: Duration = .seconds(10)

    // Images (imgproxy's and sharp's defaults), each checked before the step it guards.
    /// Largest source file.
    public static let sourceBytes = 50 * 1024 * 1024
    /// Largest source image, read from its header before decoding (decompression bombs stop here).
    public static let sourcePixels = 50_000_000
    /// Longest output side.
    public static let outputSide = 8192
    /// Largest output.
    public static let outputPixels = 40_000_000
    /// Longest side of an image made on the way to the output (a frame resampled before clipping, a
    /// tile, a fill): far below libvips's coordinate limit, whose check aborts the process.
    public static let intermediateSide = 32_768
    /// Most tiles one image may repeat into.
    public static let tiles = 250_000
    /// Most layers one render draws (an image is 1, a 9-slice up to 9, a border up to 4).
    public static let layers = 64
    /// Memory one render may hold, estimated from its plan before drawing; with the default 3 workers
    /// on 2 cores, three renders stay within 512 MiB above the idle process.
    public static let renderBytes = 160 * 1024 * 1024
    /// Largest AVIF output; libheif cannot be stopped at the deadline (noise: ≈ 2.7 CPU-s at 4 MP, 5.3 at 8 MP).
    public static let avifPixels = 4_000_000
    /// Largest WebP output; libwebp cannot be stopped at the deadline (noise: ≈ 0.2 CPU-s and 24 bytes per pixel).
    public static let webpPixels = 6_000_000
    /// Largest GIF output; its quantizer cannot be stopped at the deadline (noise: ≈ 5 CPU-s at 2 MP, up to 7.6 at 4 MP).
    public static let gifPixels = 2_000_000
    /// Largest JPEG shrink-on-load decoded whole on the render thread (libjpeg-turbo straight into one
    /// buffer, without libvips's loader threads; 12 MiB of RGB at most). 4032×3024 → 300×225 fit
    /// misses, 3 workers on 2 cores, 8 connections: 25.4 CPU-ms per render instead of 26.9, 77/s
    /// instead of 73/s (means of three rounds, same run).
    public static let wholeDecodePixels = 4 * 1024 * 1024
    /// Most image pixels a PDF embeds per rendered pixel (`fmt=pdf`): a source larger than its frame ×
    /// scale × this is downscaled once before embedding. 2 keeps photos sharp when a reader zooms to 200 %.
    public static let pdfImageScale = 2.0
    /// Longest side of a PDF page (`page=`), points: the largest page PDF readers must support.
    public static let pageSide = 14_400.0
    /// Time one render may take; then libvips is stopped and the client gets 503.
    public static let renderTimeout: Duration = .seconds(10)
    /// Memory libvips's operation cache may hold (the result cache is on disk).
    public static let vipsCacheMemory = 0
    /// Threads libvips uses per render (0 = its default, one per core); the workers already fill the cores. 2 workers on 2 cores,
    /// 4032×3024 JPEG → 300×225 fit: 83.0 renders/s with 1 thread vs 79.3 with the default (medians of 6; 1200×1600 fill: 18.4 vs 17.9).
    public static let vipsThreadsPerImage = 1

    // Requests.
    /// Longest `chain`, characters.
    public static let chainLength = 2048
    /// Most modifiers in one request.
    public static let modifiers = 48
    /// Deepest overlay/background nesting.
    public static let nesting = 4
    /// Most images (source plus overlays) in one request.
    public static let images = 8
    /// Longest image name in a request (`overlay=`, `Image("…")`) and longest view id, bytes.
    public static let nameLength = 1024
    /// Longest view template name (`/view/NAME`): fixed, as part of what makes a name one safe path
    /// segment (see `ViewTemplate.isValidName`), so it is read here but not configurable.
    public static let templateNameLength = ViewTemplate.maxNameLength
    /// Deepest nesting of view bodies (stack children, overlay/background content).
    public static let viewDepth = 16
    /// Most children of one HStack/VStack/ZStack.
    public static let stackChildren = 64
    /// Most views and modifiers in one request (a 2048-character chain holds about 230 short ones).
    public static let viewNodes = 256
    /// Largest `scale`/`dpr`.
    public static let renderScale = 4.0
    /// Largest view template file (`templates` folder); the view-tree limits above apply to its
    /// contents as to a chain, all but the chain length.
    public static let templateBytes = 64 * 1024

    // Memory returned to the system (glibc malloc; see `Allocator`).
    /// Allocator arenas; glibc's default of 8 per core strands freed memory in per-thread heaps.
    public static let mallocArenas = 2
    /// Allocations from this size up are mmap-backed and unmapped when freed (fixed, not glibc's
    /// dynamic threshold that grows to 32 MiB).
    public static let mallocMmapThreshold = 128 * 1024
    /// Free space at the top of a heap beyond which glibc shrinks it on free.
    public static let mallocTrimThreshold = 8 * 1024 * 1024
    /// Free heap bytes worth a `malloc_trim`.
    public static let mallocTrimSlack = 32 * 1024 * 1024
    /// How often the server checks for free heap bytes to return, seconds.
    public static let mallocTrimIntervalSeconds = 2

    /// Result cache byte budget; LRU eviction keeps the folder under it.
    public static let cacheMaxBytes = 1024 * 1024 * 1024
    /// Largest result the cache stores (larger ones are served uncached), and the largest cache file read.
    public static let cacheEntryBytes = 256 * 1024 * 1024
    /// Parsed requests remembered by canonical spelling (the memo is emptied when it reaches this).
    public static let specMemoEntries = 4096
    /// Longest request target the access log writes; longer ones are cut and end in `…`.
    public static let logTargetLength = 512
    /// Verified small cache entries kept in memory (LRU by bytes), so a repeated hit does no file I/O.
    public static let cacheHotBytes = 16 * 1024 * 1024
    /// How long a request's source identity (`realpath` + `stat`) is trusted before it is checked
    /// again (nginx's `open_file_cache_valid`): a changed source may be served stale this long.
    public static let sourceCheck: Duration = .seconds(1)

    /// `Cache-Control` of successful image responses: results never change for a URL.
    public static let cacheControl = "public, max-age=31536000, immutable"

    /// Most names `GET /playground/sources` lists (sorted; the rest are left off, `truncated: true`).
    public static let playgroundSources = 200
    /// Deepest folder level under the root `GET /playground/sources` looks into (1 = the root alone).
    public static let playgroundSourceDepth = 3

    /// The renderer's limits from the values above.
    static var render: RenderLimits {
        var limits = RenderLimits()
        limits.maxSourceBytes = sourceBytes
        limits.maxSourcePixels = sourcePixels
        limits.maxOutputSide = outputSide
        limits.maxOutputPixels = outputPixels
        limits.maxIntermediateSide = intermediateSide
        limits.maxTiles = tiles
        limits.maxLayers = layers
        limits.maxRenderBytes = renderBytes
        limits.maxAVIFPixels = avifPixels
        limits.maxWebPPixels = webpPixels
        limits.maxGIFPixels = gifPixels
        limits.maxWholeDecodePixels = wholeDecodePixels
        limits.timeout = renderTimeout
        return limits
    }

    /// The request parser's limits from the values above.
    static var spec: SpecLimits {
        var limits = SpecLimits(
            maxChainLength: chainLength, maxModifiers: modifiers, maxNesting: nesting, maxImages: images, maxScale: renderScale,
            maxDepth: viewDepth, maxChildren: stackChildren, maxNodes: viewNodes)
        limits.maxPageSide = pageSide
        limits.maxNameLength = nameLength
        return limits
    }

    /// The HTTP server's limits from the values above; the rest keep `ServerConfiguration`'s own
    /// defaults (the per-client connection limit and the probe reserve among them).
    static var server: ServerConfiguration {
        var configuration = ServerConfiguration()
        configuration.maxRequestLineBytes = requestLineBytes
        configuration.maxHeaderBytes = headerBytes
        configuration.maxHeaderCount = headerCount
        configuration.maxBodyBytes = bodyBytes
        configuration.headerTimeout = headerTimeout
        configuration.idleTimeout = idleTimeout
        configuration.writeTimeout = writeTimeout
        configuration.maxConnections = maxConnections
        configuration.maxRequestsPerConnection = requestsPerConnection
        configuration.lingerTimeout = lingerTimeout
        configuration.streamingBufferBytes = responseBufferBytes
        configuration.streamingChunkBytes = responseChunkBytes
        return configuration
    }

    // CORS.
    /// How long a browser may keep a preflight answer (`Access-Control-Max-Age`), seconds: one day
    /// (Firefox's cap; Chromium caps at 2 hours).
    public static let corsMaxAge = 86_400
}
