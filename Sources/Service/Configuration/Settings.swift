import CheckedConversion
import Foundation
import HTTP1
import Logging

/// One configurable key: its name, what it means, and how a text value applies to the configuration.
struct Setting: Sendable {
    let key: String
    let help: String
    let apply: @Sendable (inout ServiceConfiguration, String) throws(SettingError) -> Void

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
        Setting(key: "host", help: "address to listen on (IPv4, IPv6 or a host name)") { c, v throws(SettingError) in c.server.host = try text(v) },
        Setting(key: "port", help: "TCP port; 0 picks a free one") { c, v throws(SettingError) in c.server.port = try integer(v, 0...65535) },
        Setting(key: "root", help: "folder the /img/ paths are relative to") { c, v throws(SettingError) in c.root = try text(v) },
        Setting(key: "templates", help: "folder of the view templates served at /view/{name} ({name}.swift)") { c, v throws(SettingError) in
            c.templates = try text(v)
        },
        Setting(key: "cache_dir", help: "folder for the result cache") { c, v throws(SettingError) in c.cacheDirectory = try text(v) },
        Setting(key: "cache.max_bytes", help: "byte budget of the result cache") { c, v throws(SettingError) in c.cacheMaxBytes = try bytes(v) },
        Setting(key: "cache.fsync", help: "fsync cache entries before they count as written") { c, v throws(SettingError) in c.cacheFsync = try bool(v) },
        Setting(key: "cache.hot_bytes", help: "bytes of verified cache entries kept in memory (0 turns it off)") { c, v throws(SettingError) in
            c.cacheHotBytes = try bytes(v, allowZero: true)
        },
        Setting(key: "cache.source_check", help: "how long a source's size and time are trusted before being checked again (0: every request)") {
            c, v throws(SettingError) in c.sourceCheck = try duration(v)
        },
        Setting(key: "cache_control", help: "Cache-Control of successful image responses") { c, v throws(SettingError) in c.cacheControl = try text(v) },
        Setting(key: "log_level", help: "trace, debug, info, notice, warning, error or critical") { c, v throws(SettingError) in
            guard let level = Logger.Level(rawValue: v.lowercased()) else {
                throw SettingError(reason: "must be one of \(Logger.Level.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            c.logLevel = level
        },
        Setting(key: "formats.avif", help: "fmt=auto may answer AVIF") { c, v throws(SettingError) in c.avif = try bool(v) },
        Setting(key: "formats.webp", help: "fmt=auto may answer WebP") { c, v throws(SettingError) in c.webp = try bool(v) },
        Setting(key: "jpeg.progressive", help: "write progressive JPEGs") { c, v throws(SettingError) in c.progressiveJPEG = try bool(v) },
        Setting(key: "pdf.image_scale", help: "most image pixels a PDF embeds per rendered pixel (1-8)") { c, v throws(SettingError) in
            c.pdfImageScale = Double(try integer(v, 1...8))
        },
        Setting(key: "origins", help: "HTTP(S) origins of originals: name=url, … (the first path segment picks one)") { c, v throws(SettingError) in
            c.originsText = v
        },
        Setting(key: "origins.internal", help: "origins allowed to resolve to private or loopback addresses") { c, v throws(SettingError) in
            c.originsInternalText = v
        },
        Setting(key: "origins.cache_dir", help: "folder of the originals cache") { c, v throws(SettingError) in c.originsCacheDirectory = try text(v) },
        Setting(key: "origins.cache_bytes", help: "byte budget of the originals cache") { c, v throws(SettingError) in c.originsCacheBytes = try bytes(v) },
        Setting(key: "origins.revalidate_after", help: "how long a fetched original is used before the origin is asked again") { c, v throws(SettingError) in
            c.originsRevalidateAfter = try duration(v)
        },
        Setting(key: "origins.connect_timeout", help: "longest wait to connect to an origin (504 after)") { c, v throws(SettingError) in
            c.originsConnectTimeout = try duration(v)
        },
        Setting(key: "origins.timeout", help: "longest whole fetch of an original (504 after)") { c, v throws(SettingError) in
            c.originsTimeout = try duration(v)
        },
        Setting(key: "event_loops", help: "connection threads (readiness loops); 0 = one per core") { c, v throws(SettingError) in
            let n = try integer(v, 0...256)
            c.server.eventLoops = n == 0 ? ServerConfiguration.defaultEventLoops : n
        },
        Setting(key: "workers", help: "render threads; 0 = one per core, plus one") { c, v throws(SettingError) in
            let n = try integer(v, 0...1024)
            c.workers = n == 0 ? Limits.defaultWorkers(cores: ProcessInfo.processInfo.activeProcessorCount) : n
        },
        Setting(key: "queue", help: "renders that may wait for a worker; 0 = 64 per worker") { c, v throws(SettingError) in
            let n = try integer(v, 0...100_000)
            c.queueLength = n == 0 ? c.workers * Limits.queuePerWorker : n
        },
        Setting(key: "queue_timeout", help: "longest wait of a render for a worker (503 after)") { c, v throws(SettingError) in
            let wait = try duration(v)
            // A job is checked against its deadline when a worker takes it, so a shorter wait would
            // refuse renders that found a worker idle but were not picked up within it.
            guard wait >= .milliseconds(10) else { throw SettingError(reason: "must be at least 10ms") }
            c.queueTimeout = wait
        },
        Setting(key: "heavy_workers", help: "heavy renders that may run at once; 0 = half the workers") { c, v throws(SettingError) in
            let n = try integer(v, 0...1024)
            c.heavyWorkers = n == 0 ? nil : n
        },
        Setting(key: "drain_timeout", help: "time in-flight requests get after SIGTERM") { c, v throws(SettingError) in c.drainTimeout = try duration(v) },
        Setting(key: "limits.request_line", help: "longest request line, bytes (414 beyond)") { c, v throws(SettingError) in c.server.maxRequestLineBytes = try bytes(v) },
        Setting(key: "limits.header_bytes", help: "largest header block, bytes (431 beyond)") { c, v throws(SettingError) in c.server.maxHeaderBytes = try bytes(v) },
        Setting(key: "limits.header_count", help: "most header fields (431 beyond)") { c, v throws(SettingError) in c.server.maxHeaderCount = try integer(v, 1...10_000) },
        Setting(key: "limits.body_bytes", help: "largest request body, bytes (413 beyond)") { c, v throws(SettingError) in c.server.maxBodyBytes = try bytes(v, allowZero: true) },
        Setting(key: "limits.header_timeout", help: "time to receive a request head (408 after)") { c, v throws(SettingError) in c.server.headerTimeout = try duration(v) },
        Setting(key: "limits.idle_timeout", help: "keep-alive wait for the next request") { c, v throws(SettingError) in c.server.idleTimeout = try duration(v) },
        Setting(key: "limits.write_timeout", help: "longest stall of a response write") { c, v throws(SettingError) in c.server.writeTimeout = try duration(v) },
        Setting(key: "limits.max_connections", help: "most open connections (503 beyond)") { c, v throws(SettingError) in c.server.maxConnections = try integer(v, 1...1_000_000) },
        Setting(key: "limits.max_connections_per_client", help: "most open connections from one client address (503 beyond)") { c, v throws(SettingError) in
            c.server.maxConnectionsPerClient = try integer(v, 1...1_000_000)
        },
        Setting(key: "limits.source_bytes", help: "largest source file, bytes (422 beyond)") { c, v throws(SettingError) in c.render.maxSourceBytes = try bytes(v) },
        Setting(key: "limits.source_pixels", help: "largest source image, pixels, from its header (422 beyond)") { c, v throws(SettingError) in
            c.render.maxSourcePixels = try integer(v, 1...1_000_000_000)
        },
        Setting(key: "limits.output_side", help: "longest output side, pixels (400 beyond)") { c, v throws(SettingError) in c.render.maxOutputSide = try integer(v, 1...65_535) },
        Setting(key: "limits.output_pixels", help: "largest output, pixels (400 beyond)") { c, v throws(SettingError) in c.render.maxOutputPixels = try integer(v, 1...1_000_000_000) },
        Setting(key: "limits.tiles", help: "most tiles one image may repeat into (400 beyond)") { c, v throws(SettingError) in c.render.maxTiles = try integer(v, 1...100_000_000) },
        Setting(key: "limits.intermediate_side", help: "longest side of an image before clipping, pixels (400 beyond)") { c, v throws(SettingError) in
            c.render.maxIntermediateSide = try integer(v, 1...1_000_000)
        },
        Setting(key: "limits.layers", help: "most layers one render draws (400 beyond)") { c, v throws(SettingError) in c.render.maxLayers = try integer(v, 1...10_000) },
        Setting(key: "limits.render_bytes", help: "memory one render may hold, estimated before drawing (400 beyond)") { c, v throws(SettingError) in
            c.render.maxRenderBytes = try bytes(v)
        },
        Setting(key: "limits.avif_pixels", help: "largest AVIF output, pixels (400 beyond; fmt=auto falls back)") { c, v throws(SettingError) in
            c.render.maxAVIFPixels = try integer(v, 1...1_000_000_000)
        },
        Setting(key: "limits.webp_pixels", help: "largest WebP output, pixels (400 beyond; fmt=auto falls back)") { c, v throws(SettingError) in
            c.render.maxWebPPixels = try integer(v, 1...1_000_000_000)
        },
        Setting(key: "limits.gif_pixels", help: "largest GIF output, pixels (400 beyond)") { c, v throws(SettingError) in
            c.render.maxGIFPixels = try integer(v, 1...1_000_000_000)
        },
        Setting(key: "limits.render_timeout", help: "time one render may take (503 after)") { c, v throws(SettingError) in c.render.timeout = try duration(v) },
        Setting(key: "limits.chain_length", help: "longest chain, characters (400 beyond)") { c, v throws(SettingError) in c.spec.maxChainLength = try integer(v, 1...65_536) },
        Setting(key: "limits.modifiers", help: "most modifiers in one request (400 beyond)") { c, v throws(SettingError) in c.spec.maxModifiers = try integer(v, 1...1000) },
        Setting(key: "limits.nesting", help: "deepest overlay/background nesting (400 beyond)") { c, v throws(SettingError) in c.spec.maxNesting = try integer(v, 0...32) },
        Setting(key: "limits.view_depth", help: "deepest nesting of stack bodies and overlay/background content (400 beyond)") { c, v throws(SettingError) in
            c.spec.maxDepth = try integer(v, 1...64)
        },
        Setting(key: "limits.stack_children", help: "most children of one HStack/VStack/ZStack (400 beyond)") { c, v throws(SettingError) in
            c.spec.maxChildren = try integer(v, 1...1000)
        },
        Setting(key: "limits.view_nodes", help: "most views and modifiers in one request (400 beyond)") { c, v throws(SettingError) in
            c.spec.maxNodes = try integer(v, 1...10_000)
        },
        Setting(key: "limits.images", help: "most images in one request (400 beyond)") { c, v throws(SettingError) in c.spec.maxImages = try integer(v, 1...64) },
        Setting(key: "limits.scale", help: "largest render scale / dpr (400 beyond)") { c, v throws(SettingError) in
            guard let n = Double(v), n >= 1, n <= 8 else { throw SettingError(reason: "must be a number from 1 to 8") }
            c.spec.maxScale = n
        },
        Setting(key: "loaders.untrusted", help: "let libvips's untrusted loaders (SVG, PDF, …) read sources") { c, v throws(SettingError) in c.untrustedLoaders = try bool(v) },
        Setting(key: "signing.keys", help: "comma-separated keys for signed URLs; empty = signing off") { c, v throws(SettingError) in
            c.signingKeys = v.split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        },
        Setting(key: "metrics.listen", help: "HOST:PORT for /metrics alone (e.g. 0.0.0.0:9090); empty = the main port, without signing only") {
            c, v throws(SettingError) in c.metricsListen = try listenAddress(v)
        },
        Setting(key: "playground", help: "serve the playground page at / (development; default off)") { c, v throws(SettingError) in c.playground = try bool(v) },
        Setting(key: "cors.allow_origins", help: "origins that may read images across origins: `*` or a comma-separated list; empty = no CORS headers") {
            c, v throws(SettingError) in c.cors = CORSPolicy(origins: try CORSPolicy.origins(v))
        },
        Setting(key: "limits.requests_per_connection", help: "requests per connection before it closes") { c, v throws(SettingError) in
            c.server.maxRequestsPerConnection = try integer(v, 1...1_000_000)
        },
        Setting(key: "limits.response_buffer", help: "bytes all connections may hold while streaming file bodies") { c, v throws(SettingError) in
            c.server.streamingBufferBytes = try bytes(v)
        },
    ]

    static func named(_ key: String) -> Setting? {
        all.first { $0.key == key }
    }

    // MARK: value parsers

    static func text(_ value: String) throws(SettingError) -> String {
        guard !value.isEmpty else { throw SettingError(reason: "must not be empty") }
        return value
    }

    static func integer(_ value: String, _ range: ClosedRange<Int>) throws(SettingError) -> Int {
        guard let n = Int(value), range.contains(n) else {
            throw SettingError(reason: "must be a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return n
    }

    /// `HOST:PORT` (`[::1]:9090` for IPv6; `:9090` for every IPv4 interface), or empty for none.
    static func listenAddress(_ value: String) throws(SettingError) -> ListenAddress? {
        guard !value.isEmpty else { return nil }
        let reason = "must be HOST:PORT, such as 127.0.0.1:9090, [::1]:9090 or :9090 (port 0 picks a free one)"
        guard let colon = value.lastIndex(of: ":"), let port = Int(value[value.index(after: colon)...]), (0...65535).contains(port) else {
            throw SettingError(reason: reason)
        }
        var host = String(value[..<colon])
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        guard !host.contains("[") && !host.contains("]") else { throw SettingError(reason: reason) }
        return ListenAddress(host: host.isEmpty ? "0.0.0.0" : host, port: port)
    }

    static func bool(_ value: String) throws(SettingError) -> Bool {
        switch value.lowercased() {
        case "true", "yes", "on", "1": return true
        case "false", "no", "off", "0": return false
        default: throw SettingError(reason: "must be true or false")
        }
    }

    /// `10s`, `500ms`, `2m`, or a bare number of seconds.
    static func duration(_ value: String) throws(SettingError) -> Duration {
        let units: [(String, Double)] = [("ms", 0.001), ("s", 1), ("m", 60), ("h", 3600)]
        var number = value
        var scale = 1.0
        for (suffix, factor) in units where value.hasSuffix(suffix) && Double(value.dropLast(suffix.count)) != nil {
            number = String(value.dropLast(suffix.count))
            scale = factor
            break
        }
        guard let n = Double(number), n.isFinite, n >= 0, n * scale <= 86400 else {
            throw SettingError(reason: "must be a duration such as 500ms, 10s or 2m (at most a day)")
        }
        return .milliseconds(Int64(saturating: (n * scale * 1000).rounded()))
    }

    /// A byte count: `8192`, `8KiB`, `1MiB`.
    static func bytes(_ value: String, allowZero: Bool = false) throws(SettingError) -> Int {
        let units: [(String, Int)] = [("KiB", 1024), ("MiB", 1024 * 1024), ("GiB", 1024 * 1024 * 1024), ("B", 1)]
        var number = value
        var scale = 1
        for (suffix, factor) in units where value.hasSuffix(suffix) {
            number = String(value.dropLast(suffix.count))
            scale = factor
            break
        }
        guard let n = Int(number), n >= (allowZero ? 0 : 1), n <= Int(Int32.max) / scale else {
            throw SettingError(reason: "must be a byte count such as 8192, 8KiB or 1MiB")
        }
        return n * scale
    }
}
