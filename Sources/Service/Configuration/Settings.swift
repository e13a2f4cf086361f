import Foundation
import HTTP1
import Logging
import Origins
import TransformSpec

/// One configurable key: its name, what it means, and how a text value applies to the configuration.
struct Setting: Sendable {
    /// The key as the config file spells it (`limits.header_timeout`).
    let key: String
    /// What it means, in a few words (`docs/configuration.md` shows it).
    let help: String
    /// The key's value in a configuration, spelled as the config file takes it (`10s`, `64MiB`,
    /// `true`, `a,b`), so applying it changes nothing; "" when it has none of its own (unset, or
    /// derived from another key or the environment). Read from `ServiceConfiguration()`, it is the
    /// default, which lives with its owner (`ServerConfiguration`, `RenderLimits`, `Limits`, …).
    let read: @Sendable (ServiceConfiguration) -> String
    /// Parses a text value and sets it on the configuration.
    let apply: @Sendable (inout ServiceConfiguration, String) throws(SettingError) -> Void
    /// Whether the value is a secret (signing keys): messages name the key, never the value.
    var isSecret = false

    /// The default, in config-file spelling ("" for none).
    var defaultText: String { read(ServiceConfiguration()) }

    /// The environment variable that sets this key: `IMGFRAME_` + key upper-cased, `.` → `_`.
    var environmentName: String {
        "IMGFRAME_" + key.uppercased().replacingOccurrences(of: ".", with: "_")
    }
}

/// Why a value does not fit its key (the loader adds the key, value and origin).
struct SettingError: Error {
    let reason: String
}

/// Every setting of the service. The config file, environment variables and flags all go through
/// this table, so a key is named, parsed and checked the same way wherever it comes from.
enum Settings {
    static let all: [Setting] = [
        Setting(
            key: "host", help: "address to listen on (IPv4, IPv6 or a host name)", read: { $0.server.host },
            apply: { c, v throws(SettingError) in c.server.host = try text(v) }),
        Setting(
            key: "port", help: "TCP port; 0 picks a free one", read: { String($0.server.port) },
            apply: { c, v throws(SettingError) in c.server.port = try integer(v, 0...65535) }),
        Setting(
            key: "root", help: "folder the /img/ paths are relative to", read: { $0.root },
            apply: { c, v throws(SettingError) in c.root = try text(v) }),
        Setting(
            key: "templates", help: "folder of the view templates served at /view/{name} ({name}.swift)", read: { $0.templates },
            apply: { c, v throws(SettingError) in
                c.templates = try text(v)
            }),
        Setting(
            key: "fonts", help: "folder of brand fonts (TTF/OTF) that Font.custom names, loaded for this process only",
            read: { $0.fonts ?? "" }, apply: { c, v throws(SettingError) in c.fonts = try text(v) }),
        Setting(
            key: "cache_dir", help: "folder for the result cache",
            read: { $0.cacheDirectory == ServiceConfiguration.defaultCacheDirectory ? "" : $0.cacheDirectory },
            apply: { c, v throws(SettingError) in c.cacheDirectory = try text(v) }),
        Setting(
            key: "cache.max_bytes", help: "byte budget of the result cache", read: { bytesText($0.cacheMaxBytes) },
            apply: { c, v throws(SettingError) in c.cacheMaxBytes = try bytes(v) }),
        Setting(
            key: "cache.fsync", help: "fsync cache entries before they count as written", read: { String($0.cacheFsync) },
            apply: { c, v throws(SettingError) in c.cacheFsync = try bool(v) }),
        Setting(
            key: "cache.hot_bytes", help: "bytes of verified cache entries kept in memory (0 turns it off)", read: { bytesText($0.cacheHotBytes) },
            apply: { c, v throws(SettingError) in
                c.cacheHotBytes = try bytes(v, allowZero: true)
            }),
        Setting(
            key: "derived_sources.max_bytes",
            help: "bytes of reduced decodes and DCT coefficients of originals kept for their next sizes (0 turns them off)",
            read: { bytesText($0.derivedSourcesMaxBytes) },
            apply: { c, v throws(SettingError) in c.derivedSourcesMaxBytes = try bytes(v, allowZero: true) }),
        Setting(
            key: "cache.source_check", help: "how long a source's size and time are trusted before being checked again (0: every request)",
            read: { durationText($0.sourceCheck) },
            apply: {
                c, v throws(SettingError) in c.sourceCheck = try duration(v)
            }),
        Setting(
            key: "cache_control", help: "Cache-Control of successful image responses", read: { $0.cacheControl },
            apply: { c, v throws(SettingError) in c.cacheControl = try text(v) }),
        Setting(
            key: "log_level", help: "trace, debug, info, notice, warning, error or critical", read: { $0.logLevel.rawValue },
            apply: { c, v throws(SettingError) in
                guard let level = Logger.Level(rawValue: v.lowercased()) else {
                    throw SettingError(reason: "must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                c.logLevel = level
            }),
        Setting(
            key: "log_format", help: "text (one line per entry) or json (one object per line)", read: { $0.logFormat.rawValue },
            apply: { c, v throws(SettingError) in
                guard let format = LogLineHandler.Format(rawValue: v.lowercased()) else {
                    throw SettingError(reason: "must be one of \(LogLineHandler.Format.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                c.logFormat = format
            }),
        Setting(
            key: "formats.jxl", help: "fmt=auto may answer JPEG XL", read: { String($0.jxl) },
            apply: { c, v throws(SettingError) in c.jxl = try bool(v) }),
        Setting(
            key: "formats.avif", help: "fmt=auto may answer AVIF", read: { String($0.avif) },
            apply: { c, v throws(SettingError) in c.avif = try bool(v) }),
        Setting(
            key: "formats.webp", help: "fmt=auto may answer WebP", read: { String($0.webp) },
            apply: { c, v throws(SettingError) in c.webp = try bool(v) }),
        Setting(
            key: "fallback", help: "image answered, with the error's status, when a request's own image is missing or undecodable; empty = the error",
            read: { $0.fallback ?? "" }, apply: { c, v throws(SettingError) in c.fallback = v.isEmpty ? nil : v }),
        Setting(
            key: "fallback.max_age", help: "Cache-Control max-age of a fallback answer",
            read: { durationText($0.fallbackMaxAge) }, apply: { c, v throws(SettingError) in c.fallbackMaxAge = try duration(v) }),
        Setting(
            key: "compat.imgproxy", help: "path prefix that answers imgproxy's URL format (e.g. /_ip); empty = off",
            read: { $0.compat.imgproxy ?? "" }, apply: { c, v throws(SettingError) in c.compat.imgproxy = try CompatConfiguration.prefix(v) }),
        Setting(
            key: "compat.imgproxy.key",
            help: "imgproxy's signing key, hex (IMGPROXY_KEY); empty = unsigned URLs (insecure or _), only while signing.keys is empty",
            read: { $0.compat.imgproxyKey }, apply: { c, v throws(SettingError) in c.compat.imgproxyKey = try CompatConfiguration.hex(v) },
            isSecret: true),
        Setting(
            key: "compat.imgproxy.salt", help: "imgproxy's signing salt, hex (IMGPROXY_SALT)",
            read: { $0.compat.imgproxySalt }, apply: { c, v throws(SettingError) in c.compat.imgproxySalt = try CompatConfiguration.hex(v) },
            isSecret: true),
        Setting(
            key: "compat.imgproxy.signature_size", help: "bytes of the MAC an imgproxy signature holds (IMGPROXY_SIGNATURE_SIZE, 1-32)",
            read: { String($0.compat.imgproxySignatureSize) },
            apply: { c, v throws(SettingError) in c.compat.imgproxySignatureSize = try integer(v, 1...32) }),
        Setting(
            key: "compat.imgproxy.watermark",
            help: "image under root that imgproxy's wm option draws (IMGPROXY_WATERMARK_PATH); empty = wm is refused",
            read: { $0.compat.imgproxyWatermark ?? "" }, apply: { c, v throws(SettingError) in c.compat.imgproxyWatermark = v.isEmpty ? nil : v }),
        Setting(
            key: "compat.thumbor", help: "path prefix that answers thumbor's URL format (e.g. /_tb); empty = off",
            read: { $0.compat.thumbor ?? "" }, apply: { c, v throws(SettingError) in c.compat.thumbor = try CompatConfiguration.prefix(v) }),
        Setting(
            key: "compat.thumbor.key", help: "thumbor's SECURITY_KEY; empty = unsigned URLs (unsafe/), only while signing.keys is empty",
            read: { $0.compat.thumborKey }, apply: { c, v throws(SettingError) in c.compat.thumborKey = v }, isSecret: true),
        Setting(
            key: "client_hints", help: "honour Sec-CH-DPR, Sec-CH-Width and Save-Data when the URL leaves scale, width or quality open",
            read: { String($0.clientHints) }, apply: { c, v throws(SettingError) in c.clientHints = try bool(v) }),
        Setting(
            key: "client_hints.save_data_step", help: "how much Save-Data: on lowers every format's quality (0: not at all)",
            read: { String($0.saveDataStep) }, apply: { c, v throws(SettingError) in c.saveDataStep = try integer(v, 0...90) }),
        Setting(
            key: "jpeg.progressive", help: "write progressive JPEGs", read: { String($0.progressiveJPEG) },
            apply: { c, v throws(SettingError) in c.progressiveJPEG = try bool(v) }),
        Setting(
            key: "pdf.image_scale", help: "most image pixels a PDF embeds per rendered pixel (1-8)", read: { numberText($0.pdfImageScale) },
            apply: { c, v throws(SettingError) in
                c.pdfImageScale = Double(try integer(v, 1...8))
            }),
        Setting(
            key: "origins", help: "origins of originals: name=url, … with http(s):// or s3://bucket/prefix/ URLs (the first path segment picks one)",
            read: { $0.originsText }, apply: { c, v throws(SettingError) in c.originsText = v }),
        Setting(
            key: "origins.internal", help: "origins allowed to resolve to private or loopback addresses", read: { $0.originsInternalText },
            apply: { c, v throws(SettingError) in
                c.originsInternalText = v
            }),
        Setting(
            key: "origins.cache_dir", help: "folder of the originals cache",
            read: { $0.originsCacheDirectory ?? "" },
            apply: { c, v throws(SettingError) in c.originsCacheDirectory = try text(v) }),
        Setting(
            key: "origins.cache_bytes", help: "byte budget of the originals cache",
            read: { bytesText($0.originsCacheBytes) },
            apply: { c, v throws(SettingError) in c.originsCacheBytes = try bytes(v) }),
        Setting(
            key: "origins.revalidate_after", help: "how long a fetched original is used before the origin is asked again",
            read: { durationText($0.originsRevalidateAfter) },
            apply: { c, v throws(SettingError) in
                c.originsRevalidateAfter = try duration(v)
            }),
        Setting(
            key: "origins.connect_timeout", help: "longest wait to connect to an origin (504 after)",
            read: { durationText($0.originsConnectTimeout) },
            apply: { c, v throws(SettingError) in
                c.originsConnectTimeout = try duration(v)
            }),
        Setting(
            key: "origins.timeout", help: "longest whole fetch of an original (504 after)", read: { durationText($0.originsTimeout) },
            apply: { c, v throws(SettingError) in
                c.originsTimeout = try duration(v)
            }),
        Setting(
            key: "result_tier", help: "shared result tier: s3://bucket/prefix/ that every replica reads after its cache misses and writes renders to",
            read: { $0.resultTierText },
            apply: {
                c, v throws(SettingError) in c.resultTierText = v
            }),
        Setting(
            key: "result_tier.region", help: "the result tier bucket's region", read: { $0.resultTierOptions.region },
            apply: { c, v throws(SettingError) in
                try bucketOption("region", v, &c.resultTierOptions)
            }),
        Setting(
            key: "result_tier.endpoint", help: "https://host[:port] of an S3-compatible store for the result tier; empty = AWS",
            read: { $0.resultTierOptions.endpoint ?? "" },
            apply: {
                c, v throws(SettingError) in try bucketOption("endpoint", v, &c.resultTierOptions)
            }),
        Setting(
            key: "result_tier.addressing", help: "auto, path or virtual: how requests name the result tier bucket",
            read: { $0.resultTierOptions.addressing.rawValue },
            apply: {
                c, v throws(SettingError) in try bucketOption("addressing", v, &c.resultTierOptions)
            }),
        Setting(
            key: "result_tier.credentials", help: "auto, env, web-identity, container or none", read: { $0.resultTierOptions.credentials.rawValue },
            apply: {
                c, v throws(SettingError) in try bucketOption("credentials", v, &c.resultTierOptions)
            }),
        Setting(
            key: "result_tier.timeout", help: "longest result tier lookup; past it the request renders", read: { durationText($0.resultTierTimeout) },
            apply: {
                c, v throws(SettingError) in c.resultTierTimeout = try duration(v)
            }),
        Setting(
            key: "result_tier.min_render_time", help: "renders quicker than this are not written to the result tier",
            read: { durationText($0.resultTierMinRenderTime) },
            apply: {
                c, v throws(SettingError) in c.resultTierMinRenderTime = try duration(v)
            }),
        Setting(
            key: "event_loops", help: "connection threads (readiness loops); 0 = one per core",
            read: { $0.server.eventLoops == ServerConfiguration.defaultEventLoops ? "0" : String($0.server.eventLoops) },
            apply: { c, v throws(SettingError) in
                let n = try integer(v, 0...256)
                c.server.eventLoops = n == 0 ? ServerConfiguration.defaultEventLoops : n
            }),
        Setting(
            key: "workers", help: "render threads; 0 = one per CPU the container allows (cgroup cpu.max, affinity)",
            read: { $0.workers == Limits.defaultWorkers ? "0" : String($0.workers) },
            apply: { c, v throws(SettingError) in
                let n = try integer(v, 0...1024)
                c.workers = n == 0 ? Limits.defaultWorkers : n
            }),
        Setting(
            key: "memory.high_water",
            help: "resident memory above which new renders get 503; auto = 85 % of the cgroup's memory.max (none without one), 0 = off",
            read: { $0.memoryHighWater.map(bytesText) ?? "auto" },
            apply: { c, v throws(SettingError) in c.memoryHighWater = v == "auto" ? nil : try bytes(v, allowZero: true) }),
        Setting(
            key: "queue", help: "renders that may wait for a worker; 0 = \(Limits.queuePerWorker) per worker",
            read: { $0.queueLength == $0.workers * Limits.queuePerWorker ? "0" : String($0.queueLength) },
            apply: { c, v throws(SettingError) in
                let n = try integer(v, 0...100_000)
                c.queueLength = n == 0 ? c.workers * Limits.queuePerWorker : n
            }),
        Setting(
            key: "queue_timeout", help: "longest wait of a job for a thread of its lane, render or I/O (503 after)",
            read: { durationText($0.queueTimeout) },
            apply: { c, v throws(SettingError) in
                let wait = try duration(v)
                // A job is checked against its deadline when a worker takes it, so a shorter wait would
                // refuse renders that found a worker idle but were not picked up within it.
                guard wait >= .milliseconds(10) else { throw SettingError(reason: "must be at least 10ms") }
                c.queueTimeout = wait
            }),
        Setting(
            key: "heavy_workers", help: "heavy renders that may run at once; 0 = half the workers", read: { $0.heavyWorkers.map(String.init) ?? "0" },
            apply: { c, v throws(SettingError) in
                let n = try integer(v, 0...1024)
                c.heavyWorkers = n == 0 ? nil : n
            }),
        Setting(
            key: "io_workers", help: "threads of the I/O lane: source lookups, origin fetches, cache-file reads", read: { String($0.ioWorkers) },
            apply: {
                c, v throws(SettingError) in c.ioWorkers = try integer(v, 1...256)
            }),
        Setting(
            key: "origin_fetches", help: "most origin fetches in flight at once (at most io_workers)", read: { String($0.originFetches) },
            apply: {
                c, v throws(SettingError) in c.originFetches = try integer(v, 1...256)
            }),
        Setting(
            key: "drain_timeout", help: "time in-flight requests get after SIGTERM",
            read: { durationText($0.drainTimeout) },
            apply: { c, v throws(SettingError) in c.drainTimeout = try duration(v) }),
        Setting(
            key: "limits.request_line", help: "longest request line, bytes (414 beyond)",
            read: { bytesText($0.server.maxRequestLineBytes) },
            apply: { c, v throws(SettingError) in c.server.maxRequestLineBytes = try bytes(v) }),
        Setting(
            key: "limits.header_bytes", help: "largest header block, bytes (431 beyond)",
            read: { bytesText($0.server.maxHeaderBytes) },
            apply: { c, v throws(SettingError) in c.server.maxHeaderBytes = try bytes(v) }),
        Setting(
            key: "limits.header_count", help: "most header fields (431 beyond)",
            read: { String($0.server.maxHeaderCount) },
            apply: { c, v throws(SettingError) in c.server.maxHeaderCount = try integer(v, 1...10_000) }),
        Setting(
            key: "limits.body_bytes", help: "largest request body, bytes (413 beyond)",
            read: { bytesText($0.server.maxBodyBytes) },
            apply: { c, v throws(SettingError) in c.server.maxBodyBytes = try bytes(v, allowZero: true) }),
        Setting(
            key: "limits.header_timeout", help: "time to receive a request head (408 after)",
            read: { durationText($0.server.headerTimeout) },
            apply: { c, v throws(SettingError) in c.server.headerTimeout = try duration(v) }),
        Setting(
            key: "limits.idle_timeout", help: "keep-alive wait for the next request",
            read: { durationText($0.server.idleTimeout) },
            apply: { c, v throws(SettingError) in c.server.idleTimeout = try duration(v) }),
        Setting(
            key: "limits.write_timeout", help: "longest stall of a response write",
            read: { durationText($0.server.writeTimeout) },
            apply: { c, v throws(SettingError) in c.server.writeTimeout = try duration(v) }),
        Setting(
            key: "limits.max_connections", help: "most open connections (503 beyond)",
            read: { String($0.server.maxConnections) },
            apply: { c, v throws(SettingError) in c.server.maxConnections = try integer(v, 1...1_000_000) }),
        Setting(
            key: "limits.max_connections_per_client", help: "most open connections from one client network, an IPv4 /24 or IPv6 /64 (503 beyond)",
            read: { String($0.server.maxConnectionsPerClient) },
            apply: { c, v throws(SettingError) in
                c.server.maxConnectionsPerClient = try integer(v, 1...1_000_000)
            }),
        Setting(
            key: "limits.source_bytes", help: "largest source file, bytes (422 beyond)",
            read: { bytesText($0.render.maxSourceBytes) },
            apply: { c, v throws(SettingError) in c.render.maxSourceBytes = try bytes(v) }),
        Setting(
            key: "limits.source_pixels", help: "largest source image, pixels, from its header (422 beyond)",
            read: { String($0.render.maxSourcePixels) },
            apply: { c, v throws(SettingError) in
                c.render.maxSourcePixels = try integer(v, 1...1_000_000_000)
            }),
        Setting(
            key: "limits.frames", help: "most frames of an animated source drawn into an animated output, from its header (422 beyond)",
            read: { String($0.render.maxFrames) },
            apply: { c, v throws(SettingError) in c.render.maxFrames = try integer(v, 1...100_000) }),
        Setting(
            key: "limits.animation_pixels", help: "most pixels of all frames of an animated source together, from its header (422 beyond)",
            read: { String($0.render.maxAnimationPixels) },
            apply: { c, v throws(SettingError) in c.render.maxAnimationPixels = try integer(v, 1...1_000_000_000) }),
        Setting(
            key: "limits.output_side", help: "longest output side, pixels (400 beyond)",
            read: { String($0.render.maxOutputSide) },
            apply: { c, v throws(SettingError) in c.render.maxOutputSide = try integer(v, 1...65_535) }),
        Setting(
            key: "limits.output_pixels", help: "largest output, pixels (400 beyond)",
            read: { String($0.render.maxOutputPixels) },
            apply: { c, v throws(SettingError) in c.render.maxOutputPixels = try integer(v, 1...1_000_000_000) }),
        Setting(
            key: "limits.tiles", help: "most tiles one image may repeat into (400 beyond)",
            read: { String($0.render.maxTiles) },
            apply: { c, v throws(SettingError) in c.render.maxTiles = try integer(v, 1...100_000_000) }),
        Setting(
            key: "limits.intermediate_side", help: "longest side of an image before clipping, pixels (400 beyond)",
            read: { String($0.render.maxIntermediateSide) },
            apply: { c, v throws(SettingError) in
                c.render.maxIntermediateSide = try integer(v, 1...1_000_000)
            }),
        Setting(
            key: "limits.layers", help: "most layers one render draws (400 beyond)",
            read: { String($0.render.maxLayers) },
            apply: { c, v throws(SettingError) in c.render.maxLayers = try integer(v, 1...10_000) }),
        Setting(
            key: "limits.render_bytes", help: "memory one render may hold, estimated before drawing (400 beyond)",
            read: { bytesText($0.render.maxRenderBytes) },
            apply: { c, v throws(SettingError) in
                c.render.maxRenderBytes = try bytes(v)
            }),
        Setting(
            key: "limits.avif_pixels", help: "largest AVIF output, pixels (400 beyond; fmt=auto falls back)",
            read: { String($0.render.maxAVIFPixels) },
            apply: { c, v throws(SettingError) in
                c.render.maxAVIFPixels = try integer(v, 1...1_000_000_000)
            }),
        Setting(
            key: "limits.jxl_pixels", help: "largest JPEG XL output, pixels (400 beyond; fmt=auto falls back)",
            read: { String($0.render.maxJXLPixels) },
            apply: { c, v throws(SettingError) in
                c.render.maxJXLPixels = try integer(v, 1...1_000_000_000)
            }),
        Setting(
            key: "limits.webp_pixels", help: "largest WebP output, pixels (400 beyond; fmt=auto falls back)",
            read: { String($0.render.maxWebPPixels) },
            apply: { c, v throws(SettingError) in
                c.render.maxWebPPixels = try integer(v, 1...1_000_000_000)
            }),
        Setting(
            key: "limits.gif_pixels", help: "largest GIF output, pixels (400 beyond)", read: { String($0.render.maxGIFPixels) },
            apply: { c, v throws(SettingError) in
                c.render.maxGIFPixels = try integer(v, 1...1_000_000_000)
            }),
        Setting(
            key: "limits.render_timeout", help: "time one render may take (503 after)",
            read: { $0.render.timeout.map(durationText) ?? "" },
            apply: { c, v throws(SettingError) in c.render.timeout = try duration(v) }),
        Setting(
            key: "limits.chain_length", help: "longest chain, characters (400 beyond)",
            read: { String($0.spec.maxChainLength) },
            apply: { c, v throws(SettingError) in c.spec.maxChainLength = try integer(v, 1...65_536) }),
        Setting(
            key: "limits.modifiers", help: "most modifiers in one request (400 beyond)",
            read: { String($0.spec.maxModifiers) },
            apply: { c, v throws(SettingError) in c.spec.maxModifiers = try integer(v, 1...1000) }),
        Setting(
            key: "limits.nesting", help: "deepest overlay/background nesting (400 beyond)",
            read: { String($0.spec.maxNesting) },
            apply: { c, v throws(SettingError) in c.spec.maxNesting = try integer(v, 0...32) }),
        Setting(
            key: "limits.view_depth", help: "deepest nesting of stack bodies and overlay/background content (400 beyond)",
            read: { String($0.spec.maxDepth) },
            apply: { c, v throws(SettingError) in
                c.spec.maxDepth = try integer(v, 1...64)
            }),
        Setting(
            key: "limits.stack_children", help: "most children of one HStack/VStack/ZStack (400 beyond)", read: { String($0.spec.maxChildren) },
            apply: { c, v throws(SettingError) in
                c.spec.maxChildren = try integer(v, 1...1000)
            }),
        Setting(
            key: "limits.view_nodes", help: "most views and modifiers in one request (400 beyond)", read: { String($0.spec.maxNodes) },
            apply: { c, v throws(SettingError) in
                c.spec.maxNodes = try integer(v, 1...10_000)
            }),
        Setting(
            key: "limits.images", help: "most images in one request (400 beyond)",
            read: { String($0.spec.maxImages) },
            apply: { c, v throws(SettingError) in c.spec.maxImages = try integer(v, 1...64) }),
        Setting(
            key: "limits.scale", help: "largest render scale / dpr (400 beyond)", read: { numberText($0.spec.maxScale) },
            apply: { c, v throws(SettingError) in
                guard let n = Double(v), n >= 1, n <= 8 else { throw SettingError(reason: "must be a number from 1 to 8") }
                c.spec.maxScale = n
            }),
        Setting(
            key: "loaders.untrusted", help: "let libvips's untrusted loaders (SVG, PDF, …) read sources",
            read: { String($0.untrustedLoaders) },
            apply: { c, v throws(SettingError) in c.untrustedLoaders = try bool(v) }),
        Setting(
            key: "signing.keys", help: "comma-separated keys for signed URLs; empty = signing off", read: { $0.signingKeys.joined(separator: ",") },
            apply: { c, v throws(SettingError) in
                let keys = v.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                if let problem = keys.lazy.compactMap(SigningKeyRule.problem(with:)).first { throw SettingError(reason: problem) }
                c.signingKeys = keys
            }, isSecret: true),
        Setting(
            key: "presets", help: "named queries for preset=, as name: query; name: query (e.g. thumb: w=300&h=300&mode=fill)",
            read: { $0.presets.text },
            apply: { c, v throws(SettingError) in
                do throws(PresetError) {
                    c.presets = try PresetTable(parsing: v, limits: c.spec)
                } catch {
                    throw SettingError(reason: error.description)
                }
            }),
        Setting(
            key: "presets_only",
            help: "refuse (403) /img/ parameters other than preset= (and sig, exp, v, dl), and /view/ renderer options not from a preset",
            read: { String($0.presetsOnly) },
            apply: { c, v throws(SettingError) in c.presetsOnly = try bool(v) }),
        Setting(
            key: "metrics.listen",
            help:
                "HOST:PORT for /metrics and signed POST /admin/purge alone (e.g. 0.0.0.0:9090); empty = /metrics on the main port, without signing only, and no purges",
            read: { $0.metricsListen.map(listenText) ?? "" }, apply: { c, v throws(SettingError) in c.metricsListen = try listenAddress(v) }),
        Setting(
            key: "health.listen",
            help: "HOST:PORT for /healthz and /readyz alone, out of reach of floods of the main port; empty = the main port only",
            read: { $0.healthListen.map(listenText) ?? "" },
            apply: {
                c, v throws(SettingError) in c.healthListen = try listenAddress(v)
            }),
        Setting(
            key: "playground", help: "serve the playground page at / (development; default off)",
            read: { String($0.playground) },
            apply: { c, v throws(SettingError) in c.playground = try bool(v) }),
        Setting(
            key: "cors.allow_origins", help: "origins that may read images across origins: `*` or a comma-separated list; empty = no CORS headers",
            read: { corsText($0.cors.origins) },
            apply: {
                c, v throws(SettingError) in c.cors = CORSPolicy(origins: try CORSPolicy.origins(v))
            }),
        Setting(
            key: "limits.requests_per_connection", help: "requests per connection before it closes",
            read: { String($0.server.maxRequestsPerConnection) },
            apply: { c, v throws(SettingError) in
                c.server.maxRequestsPerConnection = try integer(v, 1...1_000_000)
            }),
        Setting(
            key: "limits.response_buffer", help: "bytes all connections may hold while streaming file bodies",
            read: { bytesText($0.server.streamingBufferBytes) },
            apply: { c, v throws(SettingError) in
                c.server.streamingBufferBytes = try bytes(v)
            }),
    ]

    static func named(_ key: String) -> Setting? {
        all.first { $0.key == key } ?? originOption(key)
    }

    /// The fields each S3 origin may set (`origins.NAME.FIELD`), as for the result tier.
    static let bucketFields = ["region", "endpoint", "addressing", "credentials"]

    /// The setting of `origins.NAME.FIELD`, for an S3 origin called NAME (checked against
    /// `origins` once every layer is read).
    static func originOption(_ key: String) -> Setting? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0] == "origins", !parts[1].isEmpty, bucketFields.contains(String(parts[2])) else { return nil }
        let (name, field) = (String(parts[1]), String(parts[2]))
        return Setting(
            key: key, help: "the \(field) of the S3 origin `\(name)`", read: { _ in "" },
            apply: { c, v throws(SettingError) in try bucketOption(field, v, &c.originOptions[name, default: S3Bucket.Options()]) })
    }

    /// The environment variable of an S3 origin's field (`IMGFRAME_ORIGINS_MEDIA_REGION`) as its
    /// key (`origins.media.region`): the name lower-cased, so only origins named in lower case can be set so.
    static func originOptionKey(environmentName name: String) -> String? {
        guard name.hasPrefix("IMGFRAME_ORIGINS_") else { return nil }
        let rest = name.dropFirst("IMGFRAME_ORIGINS_".count)
        for field in bucketFields where rest.hasSuffix("_" + field.uppercased()) {
            let origin = rest.dropLast(field.count + 1)
            if !origin.isEmpty { return "origins.\(origin.lowercased()).\(field)" }
        }
        return nil
    }
}
