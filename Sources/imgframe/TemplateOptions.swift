import ArgumentParser
import Origins
import Service

/// `imgframe render --template NAME --set KEY=VALUE …`: a view template, filled as `GET /view/NAME`
/// fills it from its query.
struct TemplateOptions: ParsableArguments {
    @Option(name: .customLong("template"), help: "Render the view template NAME (NAME.swift in the templates folder) instead of a SOURCE.")
    var name: String?

    @Option(name: .customLong("set"), help: "A template parameter, KEY=VALUE (repeat for each; the value is text).")
    var values: [String] = []

    @Option(name: .customLong("templates"), help: "Folder of the view templates (default: the configured `templates`, \(ServiceConfiguration().templates)).")
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
            return URIEncoding.encode(String(parts[0]), keepingSlash: false) + "=" + URIEncoding.encode(parts.count > 1 ? String(parts[1]) : "", keepingSlash: false)
        }
    }
}
