import Layout
import Synchronization
import TransformSpec

/// Remembers parsed requests by (path, query): parsing and printing the canonical form is a pure
/// function of the two, and the same URLs come back again and again behind a CDN. Bounded: when full
/// it starts over. Only successful parses are kept; source files are still resolved and checked on
/// every request.
final class SpecMemo: Sendable {
    private let entries = Mutex<[TargetKey: ImageRequest]>([:])
    let capacity: Int
    let limits: SpecLimits
    /// The presets `preset=` expands from: fixed for the service's life, so a parse stays a pure
    /// function of (path, query).
    let presets: PresetPolicy

    init(limits: SpecLimits, presets: PresetPolicy = PresetPolicy(table: .none, presetsOnly: false), capacity: Int = Limits.specMemoEntries) {
        self.limits = limits
        self.presets = presets
        self.capacity = capacity
    }

    /// The parsed request, from memory or by parsing. `path` is the request path under `prefix`
    /// (`/img/`, or a route taking the same paths).
    func spec(path: Substring, prefix: String = ImagePath.prefix, query: Substring) throws -> ImageRequest {
        let key = TargetKey(path: path, query: query)
        if let hit = entries.withLock({ $0[key] }) { return hit }
        let source = try ImagePath.sourceName(fromTarget: path, prefix: prefix)
        let parameters = try presets.imageParameters(query: query)
        let spec = try TransformSpec.parse(source: source, parameters: parameters, limits: limits)
        let value = ImageRequest(spec: spec, imageParameters: ImageParameters(parameters), openings: .image(keys: parameters.keys))
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = value
        }
        return value
    }
}
