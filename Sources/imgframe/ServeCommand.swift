import ArgumentParser
import Dispatch
import Foundation
import Logging
import Service

/// `imgframe serve`: the HTTP service. Prints `listening on http://HOST:PORT` once ready; SIGTERM or
/// SIGINT drain it (in-flight requests finish) and it exits 0.
struct ServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve images and views over HTTP.",
        discussion: """
            Routes (GET and HEAD; docs/url-api.md has every parameter):
              /img/{path}?{query}      an image under the root, laid out and encoded as the query says
              /view/{template}?{...}   a view template (a .swift file in the templates folder) rendered
              /info/{path}             a source's size, format and orientation as JSON
              /healthz, /readyz        liveness and readiness probes
              /metrics                 Prometheus metrics (on metrics.listen when set; here only without signing)
              /, /playground/          the playground, with --playground
              POST /admin/purge        on metrics.listen, signed: drops every result of a source or template
            Settings come from defaults, then --config FILE (or IMGFRAME_CONFIG), then IMGFRAME_* environment \
            variables, then these flags. config/imgframe.conf documents every key.
            """)

    @OptionGroup var options: ServeOptions

    func run() throws {
        let settings = try options.configuration()
        do {
            try settings.checkFolders()
            _ = try settings.loadFonts()
        } catch {
            printError(error.description)
            throw ExitCode(78)
        }
        let (level, format) = (settings.logLevel, settings.logFormat)
        LoggingSystem.bootstrap { label in LogLineHandler(label: label, level: level, format: format) }
        // Before any thread starts: freed render memory goes back to the system.
        Allocator.configure()
        let service: ImageService
        do {
            service = try ImageService(configuration: settings, logger: Logger(label: "imgframe"))
            try service.start()
        } catch {
            printError("cannot start: \(error)")
            throw ExitCode(1)
        }
        let logger = Logger(label: "imgframe")
        // A peer that goes away must not kill the process; writes report EPIPE instead.
        signal(SIGPIPE, SIG_IGN)
        // Before anything says the server is up: a SIGTERM sent as soon as a supervisor (or a test)
        // sees `listening` must drain it, not fall between `SIG_IGN` and the handler's start.
        var sources: [DispatchSourceSignal] = []
        for number in [SIGTERM, SIGINT] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .main)
            source.setEventHandler {
                logger.info("signal \(number): draining")
                service.shutdown {
                    logger.info("drained; exiting")
                    Foundation.exit(0)
                }
            }
            source.resume()
            sources.append(source)
        }
        FileHandle.standardOutput.write(Data("listening on \(service.url)\n".utf8))
        if let metricsURL = service.metricsURL { FileHandle.standardOutput.write(Data("metrics on \(metricsURL)/metrics\n".utf8)) }
        let trimming = Allocator.startPeriodicTrim()
        logger.info("serving \(settings.root) and the templates in \(settings.templates) with \(settings.workers) render workers")
        logger.info("result cache in \(settings.cacheDirectory) (cache_dir), up to \(settings.cacheMaxBytes) bytes (cache.max_bytes)")

        withExtendedLifetime((sources, trimming)) { dispatchMain() }
    }
}
