import ArgumentParser
import Cache
import Foundation
import Logging
import Service

/// `imgframe cache stats|clear`: look at or empty the result cache a server would use.
struct CacheCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cache",
        abstract: "Inspect or empty the on-disk result cache.",
        subcommands: [Stats.self, Clear.self])

    /// The cache folder and budget, read the same way `serve` reads them.
    struct Location: ParsableArguments {
        @Option(help: "Config file with `key = value` lines.")
        var config: String?

        @Option(help: "Cache folder (default from the configuration).")
        var cacheDir: String?

        func cache() throws -> ResultCache {
            let flags = cacheDir.map { [("cache_dir", $0)] } ?? []
            let settings = try loadConfiguration(file: config, flags: flags)
            return ResultCache(
                configuration: .init(directory: settings.cacheDirectory, maxBytes: settings.cacheMaxBytes),
                logger: Logger(label: "imgframe.cache") { _ in SwiftLogNoOpLogHandler() })
        }
    }

    struct Stats: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Print the number of entries and bytes in the cache.")
        @OptionGroup var location: Location

        func run() throws {
            let cache = try location.cache()
            cache.scan()
            let (entries, bytes) = cache.usage
            let budget = cache.configuration.maxBytes
            print("cache \(cache.configuration.directory): \(entries) entries, \(bytes) bytes (\(bytes * 100 / max(budget, 1))% of \(budget))")
        }
    }

    struct Clear: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Delete every cached entry.")
        @OptionGroup var location: Location

        func run() throws {
            let cache = try location.cache()
            cache.scan()
            let (entries, bytes) = cache.usage
            cache.clear()
            print("cache \(cache.configuration.directory): removed \(entries) entries, \(bytes) bytes")
        }
    }
}
