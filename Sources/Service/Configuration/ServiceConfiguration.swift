import Cache
import Foundation
import Origins
import HTTP1
import Logging
import Render
import TransformSpec

/// Everything `imgframe serve` (and `render`, `plan`, `sign`, `cache`) can be told: where to listen,
/// what to serve, and how. Built from defaults, then a config file, then `IMGFRAME_*` environment
/// variables, then flags. Each default comes from its owner: `ServerConfiguration`, `RenderLimits`,
/// `RenderOptions`, `SpecLimits`, `ResultCache.Configuration`, `OriginSources.Settings`, or `Limits`
/// for what the service decides itself.
public struct ServiceConfiguration: Sendable {
    /// Listen address and HTTP limits. Default `ServerConfiguration()`.
    public var server = ServerConfiguration()
    /// What one render may cost (source and output sizes, tiles, time). Default `RenderLimits.default`.
    public var render: RenderLimits = .default
    /// What one request may ask for (chain length, modifiers, nesting, images, scale). Default `SpecLimits.default`.
    public var spec: SpecLimits = .default
    /// Let libvips's untrusted loaders (SVG, PDF, JPEG 2000, …) read sources. Default off.
    public var untrustedLoaders = false
    /// Keys for signed URLs; empty turns signing off (a warning is logged at start).
    public var signingKeys: [String] = []
    /// Folder the `/img/` paths are relative to. Default `Samples`.
    public var root: String = "Samples"
    /// Folder of the view templates served at `/view/{name}` (`{name}.swift`). Default `Samples/templates`.
    public var templates: String = "Samples/templates"
    /// Named queries a request uses with `preset=` (`presets`), checked when loaded. Default none.
    public var presets: PresetTable = .none
    /// Take layout and renderer parameters only from presets (`presets_only`): `/img/` requests name
    /// a preset and add only `sig`, `exp`, `v` or `dl`; `/view/` requests add no renderer options of
    /// their own (`PresetPolicy`). Default off.
    public var presetsOnly = false
    /// Folder of brand fonts (TrueType/OpenType files, subfolders included) that `Font.custom` may
    /// name beside the installed families, added to fontconfig for this process only
    /// (`BrandFonts`). Default none.
    public var fonts: String?
    /// Folder for the result cache. Default `$XDG_CACHE_HOME/imgframe` or `~/.cache/imgframe`.
    public var cacheDirectory: String = ServiceConfiguration.defaultCacheDirectory
    /// Byte budget of the result cache. Default `ResultCache.Configuration.defaultMaxBytes` (1 GiB).
    public var cacheMaxBytes: Int = ResultCache.Configuration.defaultMaxBytes
    /// `fsync` cache entries before they count as written.
    public var cacheFsync = false
    /// Bytes of verified cache entries kept in memory (`cache.hot_bytes`). Default 16 MiB; 0 turns it off.
    public var cacheHotBytes: Int = ResultCache.Configuration.defaultHotBytes
    /// Bytes of reduced decodes kept for the next render of the same original (`derived_sources.max_bytes`,
    /// `DerivedSources`). Default 128 MiB: a page of 4 photos' decodes and DCT coefficients (about 21
    /// MiB for each 12 MP photo); 0 turns them off.
    public var derivedSourcesMaxBytes: Int = 128 << 20
    /// How long a source's identity is trusted before it is checked again (`cache.source_check`).
    /// Default 1 s; 0 checks on every request.
    public var sourceCheck: Duration = Limits.sourceCheck
    /// `Cache-Control` of successful image responses.
    public var cacheControl: String = Limits.cacheControl
    /// Lowest level logged.
    public var logLevel: Logger.Level = .info
    /// How log entries are written (`LogLineHandler.Format`).
    public var logFormat: LogLineHandler.Format = .text
    /// May `fmt=auto` answer JPEG XL to clients that accept it?
    public var jxl = true
    /// May `fmt=auto` answer AVIF to clients that accept it?
    public var avif = true
    /// May `fmt=auto` answer WebP to clients that accept it?
    public var webp = true
    /// The image answered, through the request's layout and with the error's status, when a
    /// request's own image is missing or undecodable (`FallbackImage`); `nil`: the error. Default none.
    public var fallback: String? = nil
    /// `max-age` of a fallback answer. Default `FallbackImage.defaultMaxAge` (60 s).
    public var fallbackMaxAge: Duration = FallbackImage.defaultMaxAge
    /// imgproxy's and thumbor's URL formats (`CompatConfiguration`). Default off.
    public var compat = CompatConfiguration()
    /// Honour Client Hints (`Sec-CH-DPR`, `Sec-CH-Width`) and `Save-Data` (`ClientHints`). Default off:
    /// every hint multiplies what a CDN stores per URL.
    public var clientHints = false
    /// How much `Save-Data: on` lowers quality when `clientHints` is on. Default `ClientHints.defaultSaveDataStep`.
    public var saveDataStep = ClientHints.defaultSaveDataStep
    /// Write JPEGs progressive. Default `RenderOptions.default` (off).
    public var progressiveJPEG = RenderOptions.default.progressiveJPEG
    /// Most image pixels a PDF embeds per rendered pixel (`RenderOptions.pdfImageScale`). Default 2.
    public var pdfImageScale: Double = RenderOptions.default.pdfImageScale
    /// Render threads. Default one per CPU the container allows (`Limits.defaultWorkers`, `ContainerLimits`).
    public var workers: Int = Limits.defaultWorkers
    /// Renders that may wait for a worker; more get 503 (after `queueTimeout`). Default 64 per worker.
    public var queueLength: Int = Limits.defaultWorkers * Limits.queuePerWorker
    /// Resident bytes above which new renders get 503 (`MemoryGovernor`): `nil` for the default, 85 %
    /// of the container's memory limit (none without a limit); 0 turns it off.
    public var memoryHighWater: Int?
    /// The mark the governor keeps: `memoryHighWater`, or the default.
    public var effectiveMemoryHighWater: Int? {
        guard let memoryHighWater else { return MemoryGovernor.defaultHighWater() }
        return memoryHighWater == 0 ? nil : memoryHighWater
    }
    /// Longest wait of a render for a worker; a render still waiting then gets 503. Default 3 s.
    public var queueTimeout: Duration = Limits.queueTimeout
    /// Most heavy renders (`Limits.heavyRenderShare`) running at once; `nil` takes half the workers,
    /// at least one (`Limits.heavyWorkers(workers:)`).
    public var heavyWorkers: Int?
    /// Threads of the I/O lane: source lookups, origin fetches, cache-file reads (`io_workers`).
    /// Default `Limits.ioWorkers` (16). Its waits share `queueTimeout` and `queueLength` admission.
    public var ioWorkers: Int = Limits.ioWorkers
    /// Most origin fetches in flight at once (`origin_fetches`); the loader caps it at `ioWorkers`, so
    /// the I/O lane keeps threads for local files. Default `Limits.originFetches` (8).
    public var originFetches: Int = Limits.originFetches
    /// Time in-flight requests get to finish after SIGTERM.
    public var drainTimeout: Duration = Limits.drainTimeout
    /// Where `/metrics` is served on a listener of its own (kept off the public port); `nil` serves it
    /// on the main port, and only while signing is off.
    public var metricsListen: ListenAddress?
    /// Where `/healthz` and `/readyz` are also served, alone (`health.listen`); `nil`: the main port only.
    public var healthListen: ListenAddress?
    /// Serve the playground page at `/` and its helpers under `/playground/`. Default off: it is for
    /// development (`scripts/run` turns it on); with signing on, `/` explains signing instead.
    public var playground = false
    /// Origins that may read image responses across origins (`cors.allow_origins`). Default none:
    /// no CORS headers.
    public var cors = CORSPolicy(origins: .none)
    /// HTTP(S) origins of originals by first path segment (`origins`, `origins.internal`). Default none.
    public var origins = OriginMap.empty
    /// `origins` and `origins.internal` as written; the loader turns them into `origins` at the end,
    /// so the two keys may come in any order.
    var originsText = ""
    var originsInternalText = ""
    /// Folder of the originals cache; `nil` is `originals` inside the result cache's folder.
    public var originsCacheDirectory: String?
    /// Byte budget of the originals cache. Default `OriginSources.Settings.defaultBudgetBytes` (1 GiB).
    public var originsCacheBytes: Int = OriginSources.Settings.defaultBudgetBytes
    /// How long a fetched original is used before the origin is asked again. Default 5 min.
    public var originsRevalidateAfter: Duration = OriginSources.Settings.defaultRevalidateAfter
    /// Longest wait to connect to an origin. Default 2 s.
    public var originsConnectTimeout: Duration = OriginSources.Settings.defaultConnectTimeout
    /// Longest whole fetch of an original. Default 10 s.
    public var originsTimeout: Duration = OriginSources.Settings.defaultTotalTimeout
    /// Each S3 origin's bucket settings (`origins.NAME.region`, `.endpoint`, `.addressing`,
    /// `.credentials`), by origin name; the loader gives them to `origins`.
    var originOptions: [String: S3Bucket.Options] = [:]
    /// The shared result tier (`result_tier = s3://bucket/prefix/`). Default none.
    public var resultTier: S3Bucket?
    /// `result_tier` and its bucket settings as written; the loader makes `resultTier` of them.
    var resultTierText = ""
    var resultTierOptions = S3Bucket.Options()
    /// Longest lookup in the shared result tier. Default 150 ms.
    public var resultTierTimeout: Duration = ResultTier.Settings.defaultTimeout
    /// Renders quicker than this are not written to the shared result tier. Default 20 ms.
    public var resultTierMinRenderTime: Duration = ResultTier.Settings.defaultMinRenderTime
    /// The environment S3 buckets take their credentials from (`AWS_*`): the process's, or what the loader was given.
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    /// Every setting at its default.
    public init() {}

    /// Every configuration key, as the file and `IMGFRAME_*` variables spell it.
    public static var keys: [String] { Settings.all.map(\.key) }

    static var defaultCacheDirectory: String {
        let environment = ProcessInfo.processInfo.environment
        if let xdg = environment["XDG_CACHE_HOME"], !xdg.isEmpty { return xdg + "/imgframe" }
        return (environment["HOME"] ?? "/tmp") + "/.cache/imgframe"
    }
}

/// A host and port to listen on.
public struct ListenAddress: Sendable, Equatable {
    public var host: String
    public var port: Int

    public init(host: String, port: Int) {
        self.host = host
        self.port = port
    }
}
