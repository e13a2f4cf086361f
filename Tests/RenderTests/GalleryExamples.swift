import Foundation
import Render
import Testing
import TransformSpec

/// The gallery's examples (README, docs/gallery.md), read from `scripts/gallery` (each `"$imgframe" render …` line), as
/// specs the tests can render themselves: the gallery and the PDF comparison cannot drift apart.
struct GalleryExample: CustomTestStringConvertible, Sendable {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
    static let samples = root.appendingPathComponent("Samples")

    /// The output file's name in the gallery.
    let name: String
    let spec: TransformSpec

    var testDescription: String { name }

    /// Every example of the gallery script.
    static var all: [GalleryExample] {
        get throws {
            let script = try String(contentsOf: root.appendingPathComponent("scripts/gallery"), encoding: .utf8)
            return try script.replacingOccurrences(of: "\\\n", with: " ").split(separator: "\n")
                .filter { $0.hasPrefix("\"$imgframe\" render") }
                .map { try example(words(String($0)).dropFirst(2)) }
        }
    }

    /// One command's arguments after `render`.
    private static func example(_ arguments: ArraySlice<String>) throws -> GalleryExample {
        var options: [String: [String]] = [:]
        var source: String?
        var iterator = arguments.makeIterator()
        while let word = iterator.next() {
            if word.hasPrefix("-") { options[word, default: []].append(iterator.next() ?? "") } else { source = word }
        }
        let name = URL(fileURLWithPath: options["-o"]?.first ?? "").lastPathComponent
        let scale = options["--scale"]?.first.map { ["scale=" + $0] } ?? []
        if let template = options["--template"]?.first {
            let text = try String(contentsOf: samples.appendingPathComponent("templates/\(template).swift"), encoding: .utf8)
            let values = (options["--set"] ?? []).map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1).map(String.init)
                return parts[0] + "=" + encode(parts[1])
            }
            let spec = try ViewTemplate(name: template, text: text, limits: SpecLimits())
                .spec(query: (values + scale).joined(separator: "&"), limits: SpecLimits())
            return GalleryExample(name: name, spec: spec)
        }
        let request = options["--query"]?.first ?? "chain=" + encode(options["--chain"]?.first ?? "")
        let file = URL(fileURLWithPath: source ?? "").lastPathComponent
        return GalleryExample(name: name, spec: try TransformSpec.parse(source: file, query: ([request] + scale).joined(separator: "&")))
    }

    /// Shell words: spaces separate, single and double quotes group (no escapes inside them).
    private static func words(_ line: String) -> [String] {
        var words: [String] = [], current = "", quote: Character?, started = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                started = true
            } else if character == " " {
                if started || !current.isEmpty { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(character)
            }
        }
        if started || !current.isEmpty { words.append(current) }
        return words
    }

    private static func encode(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }
}
