import ArgumentParser
import Service
import TransformSpec

extension RenderCommand {
    /// `--template NAME`: loads the template from `--templates` (or the configured folder), fills it
    /// from `--set` and the renderer options as `GET /view/NAME` would, and writes the image.
    /// Exit status 2 for a request error (unknown template, missing or unknown parameter), 1 for a
    /// template file that cannot be read or parsed.
    func runTemplate(_ configuration: ServiceConfiguration) throws {
        let folder = TemplateFolder(path: template.folder ?? configuration.templates, limits: configuration.spec)
        let spec: TransformSpec
        do {
            let query = try withOutputOptions((template.queryParameters + request.rendererParameters).joined(separator: "&"))
            spec = try folder.template(named: template.name ?? "").spec(query: query, limits: configuration.spec, presets: configuration.presets)
        } catch let error as TemplateError {
            printError(error.description + (error == .notFound(template.name ?? "") ? " in \(folder.directory.root)" : ""))
            switch error {
            case .invalidName, .notFound: throw ExitCode(2)
            case .unreadable, .invalid: throw ExitCode(1)
            }
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
        try write(spec, root: root ?? configuration.root, configuration: configuration)
    }
}
