import ArgumentParser
import Layout
import TransformSpec

/// `imgframe plan`: where will my image land? Prints the layout plan as JSON without rendering.
struct PlanCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plan",
        abstract: "Print the layout plan (canvas, image rects, clips, tiles) as JSON, without rendering.",
        discussion: """
            Examples:
              imgframe plan --size 4032x3024 --query 'w=300&h=400&mode=fill&clip=1'
              imgframe plan --size 34x34 --chain 'resizable(resizingMode:.tile).frame(width:300,height:400)'
              imgframe plan --size 4032x3024 --image wm.png=120x40 \\
                --chain 'resizable().scaledToFit().frame(width:300).overlay(alignment:.bottomTrailing){Image("wm.png")}'
            """)

    @Option(help: "Pixel size of the request's own image: WxH, optionally @Nx for its scale.")
    var size: String

    @Option(help: "Name of the request's own image (a chain may also write Image(\"NAME\")); `name@2x.png` implies scale 2.")
    var source = "image"

    @Option(name: .customLong("image"), help: "Another image the chain shows: NAME=WxH[@Nx]. Repeatable.")
    var images: [NamedImageArgument] = []

    @OptionGroup var request: RequestOptions

    @Option(help: "Orientation stored in the image's EXIF: up, right, down, left, or a *Mirrored variant.")
    var orientation: String?

    func validate() throws {
        try request.requireOne()
        guard ImageSizeArgument(size) != nil else { throw ValidationError("--size must be WxH pixels, e.g. 4032x3024 or 68x68@2x") }
        if let orientation, ImageOrientation(rawValue: orientation) == nil {
            throw ValidationError("--orientation must be one of \(ImageOrientation.allCases.map(\.rawValue).joined(separator: ", "))")
        }
    }

    func run() throws {
        let outcome = PlanRequest(
            source: source, size: ImageSizeArgument(size, defaultScale: ImageMetrics.scale(fromFileName: source))!.metrics,
            orientation: orientation.flatMap(ImageOrientation.init(rawValue:)) ?? .up,
            images: images.map { ($0.name, $0.metrics) }, query: request.composedQuery
        ).run()
        print(outcome.json.serialized(indent: 2))
        if let message = outcome.errorMessage {
            printError(message)
            throw ExitCode(outcome.isRequestError ? 2 : 1)
        }
    }
}
