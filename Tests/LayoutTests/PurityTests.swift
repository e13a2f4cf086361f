import Foundation
import Testing

/// The layout and request layers stay pure Swift: no C modules, no libvips, no Foundation.
@Suite("target boundaries")
struct PurityTests {
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Sources")

    static func imports(of target: String) throws -> Set<String> {
        let folder = sources.appendingPathComponent(target)
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)!.compactMap { $0 as? URL }
        var modules = Set<String>()
        for file in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ")
                if let i = words.firstIndex(of: "import"), i + 1 < words.count,
                    words[..<i].allSatisfy({ ["public", "@testable", "internal"].contains($0) })
                {
                    modules.insert(String(words[i + 1]))
                }
            }
        }
        return modules
    }

    @Test("CheckedConversion imports nothing; Layout only it")
    func layout() throws {
        #expect(try Self.imports(of: "CheckedConversion").isEmpty)
        #expect(try Self.imports(of: "Layout") == ["CheckedConversion"])
    }

    @Test("TransformSpec imports only Layout and CheckedConversion")
    func transformSpec() throws {
        #expect(try Self.imports(of: "TransformSpec") == ["Layout", "CheckedConversion"])
    }
}
