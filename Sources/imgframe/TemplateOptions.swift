import ArgumentParser
import Origins
import Service
import TransformSpec

/// `imgframe render --template NAME --set KEY=VALUE …`: a view template, filled as `GET /view/NAME`
/// fills it from its query.
struct TemplateOptions: ParsableArguments {
    @Option(name: .customLong("template"), help: "Render the view template NAME (NAME.swift in the templates folder) instead of a SOURCE.")
    var name: String?

    @Option(
        name: .customLong("set"),
        help: "A template parameter, KEY=VALUE (repeat for each; read as the parameter's kind: text, number, ISO 8601 date, true/false, colour).")
    var values: [String] = []

    @Option(
        name: .customLong("templates"),
        help: "Folder of the view templates (default: the configured `templates`, \(ServiceConfiguration().templates)).")
    var folder: String?

    func validate() throws {
        if let bad = values.first(where: { !$0.contains("=") || $0.hasPrefix("=") }) {
            throw ValidationError("--set takes KEY=VALUE, e.g. --set name=Ana; got `\(bad)`")
        }
    }

    /// The `--set` pairs as query parts, values percent-encoded, so the template reads them exactly
    /// as the service reads a query.
    var queryParameters: [String] {
        values.map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            return URIEncoding.encode(String(parts[0]), keepingSlash: false) + "="
                + URIEncoding.encode(parts.count > 1 ? String(parts[1]) : "", keepingSlash: false)
        }
    }

    /// The template's request for `query` (its `--set` pairs and the renderer options), or the
    /// message and exit status a command gives: 2 for a request error (unknown template, missing or
    /// unknown parameter), 1 for a template file that cannot be read or parsed.
    func spec(query: () throws -> String, configuration: ServiceConfiguration) throws -> TransformSpec {
        let folder = TemplateFolder(path: self.folder ?? configuration.templates, limits: configuration.spec)
        do {
            return try folder.template(named: name ?? "").spec(query: try query(), limits: configuration.spec, presets: configuration.presets)
        } catch let error as TemplateError {
            printError(error.description + (error == .notFound(name ?? "") ? " in \(folder.directory.root)" : ""))
            switch error {
            case .invalidName, .notFound: throw ExitCode(2)
            case .unreadable, .invalid: throw ExitCode(1)
            }
        } catch {
            printError("\(error)")
            throw ExitCode(2)
        }
    }
}
