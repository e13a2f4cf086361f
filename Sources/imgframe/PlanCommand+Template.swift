import ArgumentParser
import Layout
import Service
import Sources
import TransformSpec
import Vips

extension PlanCommand {
    /// `--template NAME`: the plan of the template filled from `--set` and the renderer options,
    /// as `GET /view/NAME` would lay it out, its images' sizes read from their headers in `--root`.
    func runTemplate(_ configuration: ServiceConfiguration) throws {
        let spec = try template.spec(
            query: { (template.queryParameters + request.rendererParameters).joined(separator: "&") }, configuration: configuration)
        try Vips.start()
        let directory = SourceDirectory(root: root ?? configuration.root)
        var images: [(name: String, metrics: ImageMetrics)] = []
        for leaf in spec.view.imageLeaves {
            guard case .named(let name) = leaf.ref, !images.contains(where: { $0.name == name }) else { continue }
            do {
                let found = try directory.asset(named: name, scale: spec.scale)
                let header = try found.file.load()
                images.append(
                    (name, ImageMetrics(pixelWidth: header.width, pixelHeight: header.height, scale: ImageMetrics.scale(fromFileName: found.name))))
            } catch {
                printError("image `\(name)`: \(error)")
                throw ExitCode(2)
            }
        }
        let outcome = PlanRequest(
            source: "", size: ImageMetrics(pixelWidth: 1, pixelHeight: 1, scale: 1), orientation: .up, images: images, query: "",
            limits: configuration.spec,
            presets: configuration.presets
        ).run(spec)
        print(outcome.json.serialized(indent: 2))
        if let message = outcome.errorMessage {
            printError(message)
            throw ExitCode(outcome.isRequestError ? 2 : 1)
        }
    }
}
