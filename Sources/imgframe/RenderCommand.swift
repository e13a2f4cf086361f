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
        abstract: "Render SOURCE with a query or chain and write the encoded image to a file.",
        discussion: """
            Examples:
              imgframe render Samples/landscape_4.jpg --query 'w=300&h=400&mode=fill&clip=1' -o out.jpg
              imgframe render Samples/dot_green.png --chain 'resizable(resizingMode:.tile).frame(width:300,height:200)' -o tiles.png
            With fmt=auto (the default), the extension of --output picks the format.
            """)

    @Argument(help: "The source image file.")
    var source: String

    @OptionGroup var request: RequestOptions

    @Option(help: "Folder that Image(\"name\") and overlay= names are relative to (default: the source's folder).")
    var root: String?

    @Option(name: .shortAndLong, help: "Where to write the encoded image.")
    var output: String

    @Option(name: .customLong("repeat"), help: "Render this many times in one process (for benchmarks); the output is written once.")
    var repetitions: Int = 1

    func validate() throws {
        guard repetitions >= 1 else { throw ValidationError("--repeat must be at least 1") }
    }

    func run() throws {
        let file = URL(fileURLWithPath: source)
        let rootFolder = root ?? file.deletingLastPathComponent().path
        let name = root == nil ? file.lastPathComponent : relativePath(of: file.standardizedFileURL.path, under: rootFolder)
        var spec: TransformSpec
        do {
            spec = try TransformSpec.parse(source: name, query: request.composedQuery)
        } catch {
            printError(error.description)
            throw ExitCode(2)
        }
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
