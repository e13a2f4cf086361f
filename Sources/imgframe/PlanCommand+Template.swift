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
        let folder = TemplateFolder(path: template.folder ?? configuration.templates, limits: configuration.spec)
        let spec: TransformSpec
        do {
            let query = (template.queryParameters + request.rendererParameters).joined(separator: "&")
            spec = try folder.template(named: template.name ?? "").spec(query: query, limits: configuration.spec, presets: configuration.presets)
        } catch let error as TemplateError {
            printError(error.description)
            switch error {
            case .invalidName, .notFound: throw ExitCode(2)
            case .unreadable, .invalid: throw ExitCode(1)
            }
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        try Vips.start()
        let directory = SourceDirectory(root: root ?? configuration.root)
        var images: [(name: String, metrics: ImageMetrics)] = []
        for leaf in spec.view.imageLeaves {
            guard case .named(let name) = leaf.ref, !images.contains(where: { $0.name == name }) else { continue }
            do {
                let found = try directory.asset(named: name, scale: spec.scale)
                let header = try found.file.load()
                images.append((name, ImageMetrics(pixelWidth: header.width, pixelHeight: header.height, scale: ImageMetrics.scale(fromFileName: found.name))))
            } catch {
                printError("image `\(name)`: \(error)")
                throw ExitCode(2)
            }
        }
        let outcome = PlanRequest(
            source: "", size: ImageMetrics(pixelWidth: 1, pixelHeight: 1, scale: 1), orientation: .up, images: images, query: "", limits: configuration.spec,
            presets: configuration.presets
        ).run(spec)
        print(outcome.json.serialized(indent: 2))
        if let message = outcome.errorMessage {
            printError(message)
            throw ExitCode(outcome.isRequestError ? 2 : 1)
        }
    }
}
