import Layout
import TransformSpec

/// Remembers parsed `/img` requests by (path, query) (`ParseMemo`): parsing and printing the
/// canonical form is a pure function of the two. Source files are still resolved and checked on
/// every request.
final class SpecMemo: Sendable {
    private let entries: ParseMemo<ImageRequest>
    let limits: SpecLimits
    /// The presets `preset=` expands from: fixed for the service's life, so a parse stays a pure
    /// function of (path, query).
    let presets: PresetPolicy

    init(limits: SpecLimits, presets: PresetPolicy = PresetPolicy(table: .none, presetsOnly: false), capacity: Int = Limits.specMemoEntries) {
        self.limits = limits
        self.presets = presets
        entries = ParseMemo(capacity: capacity)
    }

    /// The parsed request, from memory or by parsing. `path` is the request path under `prefix`
    /// (`/img/`, or a route taking the same paths).
    func spec(path: Substring, prefix: String = ImagePath.prefix, query: Substring) throws -> ImageRequest {
        try entries.value(for: TargetKey(path: path, query: query)) {
            let source = try ImagePath.sourceName(fromTarget: path, prefix: prefix)
            let parameters = try presets.imageParameters(query: query)
            let spec = try TransformSpec.parse(source: source, parameters: parameters, limits: limits)
            return ImageRequest(spec: spec, imageParameters: ImageParameters(parameters), openings: .image(keys: parameters.keys))
        }
    }
}
