import ArgumentParser
import Foundation
import Service

/// The service configuration as every subcommand reads it: defaults, `file`, `IMGFRAME_*`, then
/// `flags`. A bad key or value is printed and the command exits 78 (EX_CONFIG).
func loadConfiguration(file: String?, flags: [(String, String)] = []) throws -> ServiceConfiguration {
    do {
        return try ConfigurationLoader.load(file: file, environment: ProcessInfo.processInfo.environment, flags: flags)
    } catch {
        printError(error.description)
        throw ExitCode(78)
    }
}

/// Loads the configuration's brand fonts (`fonts`) for this process; a folder that cannot be used
/// is printed and the command exits 78, as for a bad setting.
func loadFonts(_ configuration: ServiceConfiguration) throws {
    do {
        _ = try configuration.loadFonts()
    } catch {
        printError(error.description)
        throw ExitCode(78)
    }
}
