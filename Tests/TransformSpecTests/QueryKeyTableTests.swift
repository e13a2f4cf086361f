import Foundation
import Testing

@testable import TransformSpec

/// `QueryKey.all` is the one table of query keys: the lists the parser and the routes use are read
/// from it, and the URL API reference documents exactly its keys.
@Suite("query keys: one table")
struct QueryKeyTableTests {
    static let reference = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../docs/url-api.md")
        .standardizedFileURL

    @Test("the lists of keys are the table's, and no key is listed twice")
    func lists() {
        let names = QueryKey.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(QueryParameters.known == names)
        #expect(
            QueryParameters.layoutSugar.isSubset(of: Set(names)) && QueryParameters.layoutSugar.contains("w")
                && !QueryParameters.layoutSugar.contains("pw"))
        #expect(
            QueryParameters.rendererOptions.contains("fmt") && !QueryParameters.rendererOptions.contains("chain")
                && !QueryParameters.rendererOptions.contains("orient"))
        #expect(Set(QueryParameters.sizes) == ["w", "h", "pw", "ph", "minw", "maxw", "minh", "maxh"])
    }

    @Test("docs/url-api.md's parameter table names every key of the table and no other (the signature's sig and exp have their own section)")
    func documented() throws {
        let text = try String(contentsOf: Self.reference, encoding: .utf8)
        var documented: Set<String> = ["sig", "exp"]
        // The rows of the table under "| param | SwiftUI meaning | values | default |", up to the first other line.
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex { $0.hasPrefix("| param | SwiftUI meaning") })
        for line in lines[(header + 2)...].prefix(while: { $0.hasPrefix("| `") }) {
            // Its first cell: `w`, `h` or `scale` (`dpr`).
            let cell = line.dropFirst(2).prefix { $0 != "|" }
            let quoted = cell.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            documented.formUnion(quoted.map { String($0.element) })
        }
        #expect(documented == Set(QueryKey.all.map(\.name)))
    }
}
