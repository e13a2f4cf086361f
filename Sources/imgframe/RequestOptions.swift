import ArgumentParser
import Origins

/// The request options `plan` and `render` share: the request as a chain or a query, plus the
/// `ImageRenderer` settings, composed into one query string for the service's own parser.
struct RequestOptions: ParsableArguments {
    @Option(help: "A modifier chain in Swift syntax, e.g. 'resizable().scaledToFill().frame(width:300,height:400).clipped()'.")
    var chain: String?

    @Option(help: "A URL query in the service's parameters, e.g. 'w=300&h=400&mode=fill'.")
    var query: String?

    @Option(help: "ImageRenderer.proposedSize width (points, or inf).")
    var pw: String?

    @Option(help: "ImageRenderer.proposedSize height (points, or inf).")
    var ph: String?

    @Option(help: "ImageRenderer.scale: pixels per point (1–4).")
    var scale: String?

    @Option(name: .customLong("colormode"), help: "ImageRenderer.colorMode: nonLinear (default), linear, or extendedLinear (16-bit PNG).")
    var colorMode: String?

    func validate() throws {
        guard chain == nil || query == nil else { throw ValidationError("give exactly one of --chain or --query") }
    }

    /// For commands that need a request: `--chain` or `--query` (`validate` has refused both).
    func requireOne() throws {
        guard chain != nil || query != nil else { throw ValidationError("give exactly one of --chain or --query") }
    }

    /// `--chain`/`--query` plus the renderer options as one query; a setting given twice is reported
    /// by the parser as a duplicate parameter.
    var composedQuery: String {
        ((query.map { [$0] } ?? ["chain=" + URIEncoding.encode(chain ?? "", keepingSlash: false)]) + rendererParameters).joined(separator: "&")
    }

    /// `pw`, `ph`, `scale` and `colormode` as `key=value` query parts, for those given.
    var rendererParameters: [String] {
        [("pw", pw), ("ph", ph), ("scale", scale), ("colormode", colorMode)].compactMap { key, value in
            value.map { key + "=" + URIEncoding.encode($0, keepingSlash: false) }
        }
    }
}
