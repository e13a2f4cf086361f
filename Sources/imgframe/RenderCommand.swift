import ArgumentParser
import Foundation
import Layout
import Render
import TransformSpec
import Vips

/// `imgframe render`: one image to one file, with the same query language as the service.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render SOURCE with a query or chain, or a view template, and write the encoded image to a file.",
        discussion: """
            Examples:
              imgframe render Samples/landscape_4.jpg --query 'w=300&h=400&mode=fill&clip=1' -o out.jpg
              imgframe render Samples/dot_green.png --chain 'resizable(resizingMode:.tile).frame(width:300,height:200)' -o tiles.png
              imgframe render --template award --set name=Ana --set date=22.11.2026 -o award.png
            With fmt=auto (the default), the extension of --output picks the format.
            """)

    @Argument(help: "The source image file (not with --template).")
    var source: String?

    @OptionGroup var request: RequestOptions

    @OptionGroup var template: TemplateOptions

    @Option(help: "Folder that Image(\"name\") and overlay= names are relative to (default: the source's folder; with --template, the configured root).")
    var root: String?

    @Option(name: .shortAndLong, help: "Where to write the encoded image.")
    var output: String

    @Option(name: .customLong("repeat"), help: "Render this many times in one process (for benchmarks); the output is written once.")
    var repetitions: Int = 1

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
        if template.name != nil {
            guard source == nil, request.chain == nil, request.query == nil else {
                throw ValidationError("--template renders the template alone: give no SOURCE, --chain or --query")
            }
        } else {
            guard source != nil else { throw ValidationError("give a SOURCE image, or --template NAME") }
            guard template.values.isEmpty else { throw ValidationError("--set fills a template's parameters: use it with --template") }
            try request.requireOne()
        }
    }

    func run() throws {
        guard let source else { return try runTemplate() }
        let file = URL(fileURLWithPath: source)
        let rootFolder = root ?? file.deletingLastPathComponent().path
        let name = root == nil ? file.lastPathComponent : relativePath(of: file.standardizedFileURL.path, under: rootFolder)
        let spec: TransformSpec
        do {
            spec = try TransformSpec.parse(source: name, query: request.composedQuery)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
        try write(spec, root: rootFolder)
    }

    /// Renders `spec` with images from `rootFolder` and writes it to `--output`.
    func write(_ spec: TransformSpec, root rootFolder: String) throws {
        var spec = spec
        if spec.format == .auto, let byExtension = OutputFormat(fileExtension: URL(fileURLWithPath: output).pathExtension) {
            spec.format = byExtension
        }
        do {
            let renderer = try Renderer(sources: SourceDirectory(root: rootFolder))
            var image = try renderer.render(spec)
            for _ in 1..<repetitions { image = try renderer.render(spec) }
            try Data(image.bytes).write(to: URL(fileURLWithPath: output))
            print("wrote \(output): \(image.pixelSize.width)×\(image.pixelSize.height) \(image.format.rawValue), \(image.bytes.count) bytes")
        } catch let error as RenderError {
            printError(error.description)
            throw ExitCode(1)
        } catch let error as VipsError {
            printError("libvips could not start: \(error)")
            throw ExitCode(1)
        }
    }

    private func relativePath(of path: String, under folder: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

extension OutputFormat {
    /// The format a file extension names (`jpg`, `png`, …), if any.
    init?(fileExtension: String) {
        let ext = fileExtension.lowercased()
        if ext == "jpg" { self = .jpeg; return }
        guard let format = OutputFormat(rawValue: ext), format != .auto else { return nil }
        self = format
    }
}
