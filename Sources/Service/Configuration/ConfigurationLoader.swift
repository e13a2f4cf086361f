import Foundation
import Origins
import TransformSpec

/// Builds the configuration in layers: defaults, then the config file, then `IMGFRAME_*`
/// environment variables, then command-line flags. Any bad key or value stops start-up with the
/// key, the value, where it came from, and why.
public enum ConfigurationLoader {
    /// - Parameters:
    ///   - file: a config file (`--config`), or `nil`; `IMGFRAME_CONFIG` names one too.
    ///   - environment: the process environment.
    ///   - flags: `(key, value)` pairs from the command line, in setting-key form (`port`, `root`).
    public static func load(
        file: String?, environment: [String: String], flags: [(String, String)]
    ) throws(ConfigurationError) -> ServiceConfiguration {
        var configuration = ServiceConfiguration()
        configuration.environment = environment
        if let path = file ?? environment["IMGFRAME_CONFIG"] {
            for (key, value, line) in try readFile(path) {
                try apply(key, value, origin: "\(path) line \(line)", to: &configuration)
            }
        }
        let known = Set(Settings.all.map(\.environmentName) + ["IMGFRAME_CONFIG"])
        for (name, value) in environment.sorted(by: { $0.key < $1.key }) where name.hasPrefix("IMGFRAME_") {
            if let key = Settings.originOptionKey(environmentName: name) {
                try apply(key, value, origin: "from \(name)", to: &configuration)
                continue
            }
            guard known.contains(name) else { throw .unknownKey(name, origin: "environment") }
            guard let setting = Settings.all.first(where: { $0.environmentName == name }) else { continue }
            try apply(setting.key, value, origin: "from \(name)", to: &configuration)
        }
        for (key, value) in flags {
            try apply(key, value, origin: "from --\(key.replacingOccurrences(of: "_", with: "-"))", to: &configuration)
        }
        // After every layer, so the two keys may come in any order: the I/O lane keeps threads for
        // local files and cache reads however many origin fetches are allowed.
        configuration.originFetches = min(configuration.originFetches, configuration.ioWorkers)
        do {
            configuration.origins = try OriginMap(
                configuration.originsText, internal: configuration.originsInternalText, options: configuration.originOptions)
        } catch {
            throw .invalid(key: "origins", value: configuration.originsText, origin: "the configuration", reason: error.description)
        }
        try checkBuckets(&configuration)
        try checkPresets(&configuration)
        return configuration
    }

    /// After every layer: the result tier's bucket, and every bucket's credentials against the
    /// environment (a source that is named but not configured stops start-up, with what is missing).
    private static func checkBuckets(_ configuration: inout ServiceConfiguration) throws(ConfigurationError) {
        if !configuration.resultTierText.isEmpty {
            do {
                configuration.resultTier = try S3Bucket(url: configuration.resultTierText, options: configuration.resultTierOptions)
            } catch {
                throw .invalid(key: "result_tier", value: configuration.resultTierText, origin: "the configuration", reason: error.description)
            }
        }
        let buckets =
            configuration.origins.origins.compactMap { origin in origin.bucket.map { ("origins.\(origin.name).credentials", $0) } }
            + (configuration.resultTier.map { [("result_tier.credentials", $0)] } ?? [])
        for (key, bucket) in buckets {
            do {
                _ = try CredentialProvider(bucket.credentials, environment: configuration.environment, region: bucket.region, timeout: .seconds(1))
            } catch {
                throw .invalid(key: key, value: bucket.credentials.rawValue, origin: "the configuration", reason: error.description)
            }
        }
    }

    /// After every layer: the presets against the final limits (a later line may have lowered
    /// them), and a presets-only server with presets to answer.
    private static func checkPresets(_ configuration: inout ServiceConfiguration) throws(ConfigurationError) {
        do {
            configuration.presets = try configuration.presets.checked(limits: configuration.spec)
        } catch {
            throw .invalid(key: "presets", value: configuration.presets.text, origin: "the configuration", reason: error.description)
        }
        if configuration.presetsOnly && configuration.presets.isEmpty {
            throw .invalid(
                key: "presets_only", value: "true", origin: "the configuration",
                reason: "no presets are defined, so every /img/ request would be refused: set presets")
        }
    }

    private static func apply(_ key: String, _ value: String, origin: String, to configuration: inout ServiceConfiguration) throws(ConfigurationError)
    {
        guard let setting = Settings.named(key) else { throw .unknownKey(key, origin: origin) }
        do {
            try setting.apply(&configuration, value)
        } catch {
            throw .invalid(key: key, value: setting.isSecret ? "(not shown)" : value, origin: origin, reason: error.reason)
        }
    }

    /// `key = value` lines; `#` starts a comment; blank lines are ignored.
    static func readFile(_ path: String) throws(ConfigurationError) -> [(String, String, Int)] {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { throw .unreadableFile(path) }
        var entries: [(String, String, Int)] = []
        for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0].trimmingCharacters(in: .whitespaces)
            if line.isEmpty { continue }
            let parts = line.split(separator: "=", maxSplits: 1)
            guard parts.count == 2 else { throw .malformedLine(file: path, line: index + 1, text: line) }
            entries.append((parts[0].trimmingCharacters(in: .whitespaces), parts[1].trimmingCharacters(in: .whitespaces), index + 1))
        }
        return entries
    }
}
