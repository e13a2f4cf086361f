import Foundation
import ServiceTestSupport
import Testing

/// Every benchmark writes its report into one block of the documentation (`DOCS=1 bench/NAME`,
/// bench/lib/harness.py): each benchmark `bench/NAME` has exactly one `<!-- bench-NAME -->` …
/// `<!-- /bench-NAME -->` block in `docs/*.md`, and each block names a benchmark. Reads files only.
@Suite("benchmarks: one docs block per benchmark in bench/")
struct BenchmarkDocsTests {
    static let repository = ServiceFixture.samples.deletingLastPathComponent()

    /// The scripts that run others rather than measure: they have no block.
    static let runners: Set<String> = ["docs"]

    /// The benchmark names: `NAME` of every executable `bench/NAME` file (bench/lib holds the harness
    /// and the benchmarks' helpers; files with an extension, such as README.md, are no benchmarks).
    static func benchmarks() throws -> [String] {
        let bench = repository.appendingPathComponent("bench")
        return try FileManager.default.contentsOfDirectory(atPath: bench.path).filter { name in
            var folder: ObjCBool = false
            let path = bench.appendingPathComponent(name).path
            return !name.contains(".") && !runners.contains(name) && FileManager.default.fileExists(atPath: path, isDirectory: &folder)
                && !folder.boolValue && FileManager.default.isExecutableFile(atPath: path)
        }.sorted()
    }

    /// One marker line of a docs page: `<!-- bench-NAME -->` or `<!-- /bench-NAME -->`.
    struct Marker {
        var page: String
        var line: Int
        var name: String
        var closing: Bool
    }

    static func markers() throws -> [Marker] {
        let docs = repository.appendingPathComponent("docs")
        let pages = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }.sorted()
        let marker = #/^<!-- (/?)bench-([a-z0-9][a-z0-9-]*) -->$/#
        var found: [Marker] = []
        for page in pages {
            let text = try String(contentsOf: docs.appendingPathComponent(page), encoding: .utf8)
            for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let match = try marker.wholeMatch(in: line.trimmingCharacters(in: .whitespaces)) else { continue }
                found.append(Marker(page: "docs/" + page, line: index + 1, name: String(match.2), closing: !match.1.isEmpty))
            }
        }
        return found
    }

    @Test("every benchmark in bench/ has exactly one block, with text, in one docs page")
    func everyScriptHasItsBlock() throws {
        let benchmarks = try Self.benchmarks()
        let markers = try Self.markers()
        #expect(benchmarks.count >= 11, "\(benchmarks)")
        for name in benchmarks {
            let mine = markers.filter { $0.name == name }
            let opening = mine.filter { !$0.closing }
            let closing = mine.filter(\.closing)
            let places = mine.map { "\($0.page):\($0.line)" }
            guard opening.count == 1, closing.count == 1 else {
                Issue.record(
                    "bench/\(name): \(opening.count) `<!-- bench-\(name) -->` and \(closing.count) `<!-- /bench-\(name) -->` lines in docs/*.md, not one each \(places)"
                )
                continue
            }
            #expect(opening[0].page == closing[0].page && opening[0].line < closing[0].line, "bench-\(name): \(places)")
            if opening[0].page == closing[0].page, closing[0].line - opening[0].line < 3 {
                Issue.record("bench-\(name): the block in \(opening[0].page) has no report; run `DOCS=1 bench/\(name)`")
            }
        }
    }

    @Test("every block in docs/*.md names an existing benchmark in bench/")
    func everyBlockHasItsScript() throws {
        let benchmarks = Set(try Self.benchmarks())
        let markers = try Self.markers()
        #expect(!markers.isEmpty)
        for marker in markers where !benchmarks.contains(marker.name) {
            Issue.record("\(marker.page):\(marker.line): `bench-\(marker.name)` names no bench/\(marker.name)")
        }
    }
}
