import ArgumentParser
import Foundation
import Layout
import Render
import PlanJSON
import Service
import TransformSpec
import Vips

/// `imgframe plan`: where will my image land? Prints the layout plan as JSON without rendering.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the layout plan (canvas, image rects, clips, tiles) as JSON, without rendering.",
        discussion: """
            Examples:
              imgframe plan --size 4032x3024 --query 'w=300&h=400&mode=fill&clip=1'
              imgframe plan Samples/landscape_4.jpg --query 'w=300&h=400&mode=fill&clip=1'
              imgframe plan --size 34x34 --chain 'resizable(resizingMode:.tile).frame(width:300,height:400)'
              imgframe plan --size 4032x3024 --image wm.png=120x40 \\
                --chain 'resizable().scaledToFit().frame(width:300).overlay(alignment:.bottomTrailing){Image("wm.png")}'
              imgframe plan --template award --set name=Ana --set date=22.11.2026
              imgframe plan Samples/landscape_4.jpg --imgproxy '/insecure/rs:fill:300:400/plain/local:///landscape_4.jpg'
              imgframe plan Samples/landscape_4.jpg --thumbor '/unsafe/fit-in/300x300/filters:fill(white)/landscape_4.jpg'
            A template's images are read from --root (their headers only).
            """)

    @Argument(help: "An image file whose header gives the size, scale (name@2x.png) and EXIF orientation, instead of --size.")
    var file: String?

    @Option(help: "Pixel size of the request's own image: WxH, optionally @Nx for its scale.")
    var size: String?

    @Option(
        help:
            "Name of the request's own image (a chain may also write Image(\"NAME\")); `name@2x.png` implies scale 2; default: the file's name, else `image`."
    )
    var source: String?

    @Option(name: .customLong("image"), help: "Another image the chain shows: NAME=WxH[@Nx]. Repeatable.")
    var images: [NamedImageArgument] = []

    @OptionGroup var request: RequestOptions

    @OptionGroup var template: TemplateOptions

    @Option(
        help:
            "An imgproxy URL's path after compat.imgproxy's prefix (/{signature}/{options}/plain/{source}): the plan of the chain it becomes (the signature is not checked)."
    )
    var imgproxy: String?

    @Option(help: "A thumbor URL's path after compat.thumbor's prefix (/{signature|unsafe}/…/{image}): the plan of the chain it becomes.")
    var thumbor: String?

    @Option(help: "With --template: the folder its images are read from (default: the configured `root`).")
    var root: String?

    @Option(help: "Orientation stored in the image's EXIF: up, right, down, left, or a *Mirrored variant.")
    var orientation: String?

    @Option(help: "Config file with `key = value` lines; its request limits (limits.chain_length, …) apply as they do to `serve`.")
    var config: String?

    @Option(help: "Folder of brand fonts (TTF/OTF) that Font.custom may name (the `fonts` setting; default none).")
    var fonts: String?

    func validate() throws {
        if template.name != nil {
            guard file == nil, size == nil, request.chain == nil, request.query == nil else {
                throw ValidationError("--template plans the template alone: give no file, --size, --chain or --query")
            }
            return
        }
        let foreign = [imgproxy, thumbor].compactMap { $0 }
        if foreign.count > 1 || !foreign.isEmpty && (request.chain != nil || request.query != nil) {
            throw ValidationError("give one of --chain, --query, --imgproxy or --thumbor")
        }
        if foreign.isEmpty { try request.requireOne() }
        switch (file, size) {
        case (nil, nil): throw ValidationError("give an image file, or its size with --size WxH")
        case (.some, .some): throw ValidationError("give an image file or --size, not both")
        case (nil, .some(let size)):
            guard ImageSizeArgument(size) != nil else { throw ValidationError("--size must be WxH pixels, e.g. 4032x3024 or 68x68@2x") }
        case (.some, nil): break
        }
        if let orientation, ImageOrientation(rawValue: orientation) == nil {
            throw ValidationError("--orientation must be one of \(ImageOrientation.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let configuration = try loadConfiguration(file: config, flags: fonts.map { [("fonts", $0)] } ?? [])
        try loadFonts(configuration)
        if template.name != nil { return try runTemplate(configuration) }
        let name = source ?? file.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "image"
        var stored = ImageOrientation.up
        let size: ImageMetrics
        var focus: (any FocusFinding)?
        let fixedOrientation = orientation.flatMap(ImageOrientation.init(rawValue:))
        if let file {
            let header = try Self.header(of: file)
            size = ImageMetrics(pixelWidth: header.width, pixelHeight: header.height, scale: ImageMetrics.scale(fromFileName: name))
            stored = ImageOrientation(exifValue: header.exifOrientation) ?? .up
            focus = try? Renderer(limits: configuration.render).focusFinder(primary: name, file: ImageFile(path: file), orientation: fixedOrientation)
        } else {
            size = ImageSizeArgument(self.size ?? "", defaultScale: ImageMetrics.scale(fromFileName: name))!.metrics
        }
        var plan = PlanRequest(
            source: name, size: size,
            orientation: fixedOrientation ?? stored,
            images: images.map { ($0.name, $0.metrics) }, query: request.composedQuery, limits: configuration.spec,
            presets: configuration.presets, focus: focus)
        let outcome: PlanRequest.Outcome
        if let (format, path) = foreignURL {
            do {
                let spec = try format.request(path: path, configuration: configuration).spec
                plan.source = spec.source
                outcome = plan.run(spec)
            } catch let error as SpecError {
                outcome = PlanRequest.Outcome(
                    json: .object([("error", .string(error.description)), ("param", .string(error.parameter))]), errorMessage: error.description,
                    isRequestError: true)
            }
        } else {
            outcome = plan.run()
        }
        print(outcome.json.serialized(indent: 2))
        if let message = outcome.errorMessage {
            printError(message)
            throw ExitCode(outcome.isRequestError ? 2 : 1)
        }
    }

    /// `--imgproxy` or `--thumbor`, with its format.
    private var foreignURL: (ForeignURLFormat, String)? {
        if let imgproxy { return (.imgproxy, imgproxy) }
        return thumbor.map { (.thumbor, $0) }
    }

    /// The header of `path` (no pixels are decoded), or exit status 1 with the reason in plain words.
    private static func header(of path: String) throws -> (width: Int, height: Int, exifOrientation: Int) {
        do {
            try Vips.start()
        } catch {
            printError("libvips could not start: \(error)")
            throw ExitCode(1)
        }
        do {
            let file = try ImageFile(path: path)
            let header = try file.load()
            return (header.width, header.height, header.exifOrientation)
        } catch let error as ImageFile.OpenError {
            let reason =
                switch error {
                case .notFound: "no such file"
                case .notRegularFile: "not a regular file"
                case .unreadable(let code): String(cString: strerror(code)).lowercased()
                }
            printError("cannot read \(path): \(reason)")
        } catch {
            printError("cannot read \(path): not an image in a supported format")
        }
        throw ExitCode(1)
    }
}
