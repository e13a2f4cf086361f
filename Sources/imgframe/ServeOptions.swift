import ArgumentParser
import Service

/// The options of `imgframe serve`, shared with `imgframe check`, which checks what `serve` with
/// the same options would use.
struct ServeOptions: ParsableArguments {
    /// The defaults the flags' help names, from the settings' owners.
    static let defaults = ServiceConfiguration()

    @Option(help: "Config file with `key = value` lines.")
    var config: String?

    @Option(help: "Address to listen on (default \(Self.defaults.server.host)).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (default \(Self.defaults.server.port)).")
    var port: String?

    @Option(help: "Folder the /img/ paths are relative to (default \(Self.defaults.root)).")
    var root: String?

    @Option(help: "Folder of the view templates served at /view/{name} (default \(Self.defaults.templates)).")
    var templates: String?

    @Option(help: "Folder for the result cache.")
    var cacheDir: String?

    @Option(help: "Folder of brand fonts (TTF/OTF) that Font.custom may name, loaded for this process only (default none).")
    var fonts: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (default \(Self.defaults.logLevel.rawValue)).")
    var logLevel: String?

    @Flag(help: "Serve the playground page at / (development; the `playground` setting).")
    var playground = false

    /// The configuration these options select: defaults, the config file, `IMGFRAME_*`, then the flags.
    func configuration() throws -> ServiceConfiguration {
        let flags =
            [
                ("host", host), ("port", port), ("root", root), ("templates", templates), ("cache_dir", cacheDir), ("fonts", fonts),
                ("log_level", logLevel),
            ]
            .compactMap { key, value in value.map { (key, $0) } } + (playground ? [("playground", "on")] : [])
        return try loadConfiguration(file: config, flags: flags)
    }
}
