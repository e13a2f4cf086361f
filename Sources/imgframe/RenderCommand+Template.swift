import ArgumentParser
import Service
import TransformSpec

extension RenderCommand {
    /// `--template NAME`: loads the template from `--templates` (or the configured folder), fills it
    /// from `--set` and the renderer options as `GET /view/NAME` would, and writes the image.
    /// Exit status 2 for a request error (unknown template, missing or unknown parameter), 1 for a
    /// template file that cannot be read or parsed.
    func runTemplate(_ configuration: ServiceConfiguration) throws {
        let spec = try template.spec(
            query: { () throws -> String in try withOutputOptions((template.queryParameters + request.rendererParameters).joined(separator: "&")) },
            configuration: configuration)
        try write(spec, root: root ?? configuration.root, configuration: configuration)
    }
}
