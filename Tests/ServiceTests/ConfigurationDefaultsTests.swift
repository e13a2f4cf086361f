import Foundation
import Service
import Testing

/// The settings table is the one source of every default: the example config file, the
/// configuration reference and the README's figures are checked against it, key by key.
@Suite("configuration defaults")
struct ConfigurationDefaultsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let defaults = ServiceConfiguration.defaultValues

    static func text(_ path: String) throws -> String {
        try String(contentsOf: repository.appendingPathComponent(path), encoding: .utf8)
    }

    /// `key = value` lines of the example file, commented (`# key = value`) or not.
    static func fileEntries() throws -> [(key: String, value: String, commented: Bool)] {
        try text("config/imgframe.conf").split(separator: "\n").compactMap { line in
            let commented = line.hasPrefix("# ")
            let body = commented ? line.dropFirst(2) : line[...]
            guard let equals = body.range(of: " = ") ?? (body.hasSuffix(" =") ? body.range(of: " =", options: .backwards) : nil) else { return nil }
            let key = String(body[..<equals.lowerBound])
            guard key.first?.isLowercase == true, key.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "_" || $0 == "." }) else { return nil }
            return (key, String(body[equals.upperBound...]).trimmingCharacters(in: .whitespaces), commented)
        }
    }

    @Test("config/imgframe.conf states every key's default from the settings table")
    func exampleFileStatesDefaults() throws {
        let entries = try Self.fileEntries()
        for setting in Self.defaults {
            let lines = entries.filter { $0.key == setting.key }
            if setting.value.isEmpty {
                // No default of its own: the file shows a commented example.
                #expect(
                    lines.count == 1 && lines[0].commented, "`\(setting.key)` has no default: config/imgframe.conf should show it once, commented")
            } else {
                #expect(
                    lines.count == 1 && !lines[0].commented && lines[0].value == setting.value,
                    "config/imgframe.conf should say `\(setting.key) = \(setting.value)`; it has \(lines.map { "`\($0.commented ? "# " : "")\($0.key) = \($0.value)`" })"
                )
            }
        }
    }

    @Test("config/imgframe.conf has no key the settings table lacks")
    func exampleFileHasNoStrayKeys() throws {
        let known = Set(Self.defaults.map(\.key))
        for entry in try Self.fileEntries() {
            #expect(known.contains(entry.key), "config/imgframe.conf sets `\(entry.key)`, which no setting has")
        }
    }

    @Test("docs/configuration.md lists every key once, with the table's default and meaning")
    func referenceTable() throws {
        let rows = try Self.text("docs/configuration.md").split(separator: "\n").filter { $0.hasPrefix("| `") }
        for setting in Self.defaults {
            let expected = ServiceConfiguration.markdownRow(setting)
            #expect(
                rows.filter { $0.hasPrefix("| `\(setting.key)` |") } == [Substring(expected)],
                "docs/configuration.md should have the row \(expected) (imgframe config --markdown)")
        }
        #expect(rows.count == Self.defaults.count, "docs/configuration.md has rows for keys no setting has")
    }

    /// "`limits.render_bytes` (160 MiB)", "`queue_timeout` (3 s)": a key named with a figure.
    static var figure: Regex<(Substring, Substring, Substring, Substring?)> { #/`([a-z_.]+)` \((\d[\d,_]*)(?: ?(KiB|MiB|GiB|ms|s|m))?\)/# }

    @Test("every default the README and docs quote beside a key equals the table's")
    func quotedFigures() throws {
        let byKey = Dictionary(uniqueKeysWithValues: Self.defaults.map { ($0.key, $0.value) })
        var quoted = 0
        let docs = try FileManager.default.contentsOfDirectory(atPath: Self.repository.appendingPathComponent("docs").path).filter {
            $0.hasSuffix(".md")
        }
        for path in ["README.md"] + docs.map({ "docs/" + $0 }) {
            for match in try Self.text(path).matches(of: Self.figure) {
                let key = String(match.1)
                guard let value = byKey[key] else { continue }
                let spelled = match.2.filter(\.isNumber) + (match.3.map(String.init) ?? "")
                #expect(spelled == value, "\(path) quotes `\(key)` as \(match.0.dropFirst(key.count + 3)); its default is \(value)")
                quoted += 1
            }
        }
        #expect(quoted >= 4, "the README quotes several limits beside their keys")
    }

    @Test("every default read back applies unchanged (the spellings parse)")
    func defaultsRoundTrip() throws {
        let flags = Self.defaults.filter { !$0.value.isEmpty }.map { ($0.key, $0.value) }
        #expect(flags.count >= 55)
        let applied = try ConfigurationLoader.load(file: nil, environment: [:], flags: flags)
        #expect(applied.settingValues == Self.defaults)
    }

    @Test("io_workers and origin_fetches: 16 and 8 by default, 1-256, origin fetches at most the I/O threads")
    func ioLane() throws {
        let defaults = ServiceConfiguration()
        #expect(defaults.ioWorkers == 16 && defaults.originFetches == 8)
        let small = try ConfigurationLoader.load(file: nil, environment: ["IMGFRAME_ORIGIN_FETCHES": "32"], flags: [("io_workers", "4")])
        #expect(small.ioWorkers == 4 && small.originFetches == 4)
        let wide = try ConfigurationLoader.load(file: nil, environment: [:], flags: [("io_workers", "256"), ("origin_fetches", "64")])
        #expect(wide.ioWorkers == 256 && wide.originFetches == 64)
        for (key, value) in [("io_workers", "0"), ("io_workers", "257"), ("origin_fetches", "0"), ("origin_fetches", "257")] {
            #expect(throws: ConfigurationError.self) { try ConfigurationLoader.load(file: nil, environment: [:], flags: [(key, value)]) }
        }
    }
}
