import ArgumentParser
import CheckedConversion
import Foundation
import Layout
import Origins
import Render
import Service
import Sources
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
              imgframe render --template award --set name=Ana --set date=22.11.2026 --page 800x600 -o award.pdf
              imgframe render Samples/landscape_4.jpg --query 'w=300' --fmt webp -o - > out.webp
            Without fmt= in the query or --fmt, the extension of --output picks the format (.pdf writes a vector
            PDF); an extension that names no format is refused. `-o -` writes the image to standard output (the
            summary line goes to standard error); without an extension or fmt, fmt=auto picks JPEG, or PNG for an
            image with transparency.
            """)

    @Argument(help: "The source image file (not with --template).")
    var source: String?

    @OptionGroup var request: RequestOptions

    @OptionGroup var template: TemplateOptions

    @Option(
        help: "Folder that Image(\"name\") and overlay= names are relative to (default: the source's folder; with --template, the configured root).")
    var root: String?

    @Option(name: .shortAndLong, help: "Where to write the encoded image; - for standard output.")
    var output: String

    @Option(help: "Output format: jpeg, png, webp, avif, jxl, gif, pdf or auto (default: from --output's extension).")
    var fmt: String?

    @Option(help: "PDF page size in points (WxH, a4 or letter), the view centred on it; PDF output only.")
    var page: String?

    @Option(name: .customLong("repeat"), help: "Render this many times in one process (for benchmarks); the output is written once.")
    var repetitions: Int = 1

    @Option(help: "Config file with `key = value` lines; its limits (limits.*), encoder and loader settings apply as they do to `serve`.")
    var config: String?

    @Option(help: "Folder of brand fonts (TTF/OTF) that Font.custom may name (the `fonts` setting; default none).")
    var fonts: String?

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
        let configuration = try loadConfiguration(file: config, flags: fonts.map { [("fonts", $0)] } ?? [])
        try loadFonts(configuration)
        guard let source else { return try runTemplate(configuration) }
        let file = URL(fileURLWithPath: source)
        let rootFolder = root ?? file.deletingLastPathComponent().path
        let name = root == nil ? file.lastPathComponent : relativePath(of: file.standardizedFileURL.path, under: rootFolder)
        let spec: TransformSpec
        do {
            spec = try TransformSpec.parse(
                source: name, query: withOutputOptions(request.composedQuery), limits: configuration.spec, presets: configuration.presets)
        } catch let error as SpecError {
            printError(error.description)
            throw ExitCode(2)
        }
        try write(spec, root: rootFolder, configuration: configuration)
    }

    /// `query` with `--page` and the format (`formatParameter`), added before parsing: `page` is
    /// checked against the format.
    func withOutputOptions(_ query: String) throws -> String {
        var parts = [query]
        if let format = try formatParameter(query: query) { parts.append(format) }
        if let page { parts.append("page=" + URIEncoding.encode(page, keepingSlash: false)) }
        return parts.filter { !$0.isEmpty }.joined(separator: "&")
    }

    /// Renders `spec` with images from `rootFolder` and writes it to `--output`, with the renderer
    /// `serve` would build from `configuration` (its limits, encoder and loader settings).
    func write(_ spec: TransformSpec, root rootFolder: String, configuration: ServiceConfiguration) throws {
        do {
            let renderer = try configuration.makeRenderer()
            let directory = SourceDirectory(root: rootFolder)
            // Local files only: the CLI has no origins. Each repetition opens its sources again, as
            // each miss does, so `--repeat` measures the work of a miss.
            func renderOnce() throws -> RenderedImage {
                let sources = try directory.sources(for: spec.view.imageRefs, primary: spec.source, scale: spec.scale)
                return try renderer.render(spec.renderRequest, sources: sources)
            }
            var image = try renderOnce()
            for _ in 1..<repetitions { image = try renderOnce() }
            try writeOutput(image.bytes)
            let size =
                image.format == .pdf
                ? "\(Self.points(spec.page?.width ?? Double(image.pixelSize.width) / spec.scale))×\(Self.points(spec.page?.height ?? Double(image.pixelSize.height) / spec.scale)) pt"
                : "\(image.pixelSize.width)×\(image.pixelSize.height)"
            let summary =
                "wrote \(output == "-" ? "standard output" : output): \(size) \(image.format.rawValue)"
                + (image.frameCount > 1 ? ", \(image.frameCount) frames" : "") + ", \(image.bytes.count) bytes"
            // With `-o -` standard output carries the image, so the summary goes to standard error.
            if output == "-" { FileHandle.standardError.write(Data((summary + "\n").utf8)) } else { print(summary) }
        } catch let error as RenderError {
            printError(error.description)
            throw ExitCode(1)
        } catch let error as SourceError {
            printError(error.description)
            throw ExitCode(1)
        } catch let error as VipsError {
            printError("libvips could not start: \(error)")
            throw ExitCode(1)
        }
    }

    private static func points(_ value: Double) -> String {
        value == value.rounded() ? String(Int(saturating: value)) : String(value)
    }

    private func relativePath(of path: String, under folder: String) -> String {
        let base = URL(fileURLWithPath: folder).standardizedFileURL.path + "/"
        return path.hasPrefix(base) ? String(path.dropFirst(base.count)) : path
    }
}

extension ImageFormat {
    /// The format a file extension names (`jpg`, `png`, …), if any.
    init?(fileExtension: String) {
        let ext = fileExtension.lowercased()
        if ext == "jpg" { self = .jpeg; return }
        guard let format = ImageFormat(rawValue: ext) else { return nil }
        self = format
    }
}
