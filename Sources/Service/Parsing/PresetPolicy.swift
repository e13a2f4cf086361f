import TransformSpec

/// How `/img/` and `/view/` requests use the configured presets (`presets`, `presets_only`).
///
/// With `presets_only` (imgproxy's `IMGPROXY_ONLY_PRESETS`) the operator decides every layout and
/// encoding, so URLs cannot ask for arbitrary sizes or formats (each one a render and a cache entry):
/// - `/img/` requests must name a preset and may add only `passKeys` besides: the signature's `sig`
///   and `exp`, the cache-busting `v`, the download name `dl`; none of them changes pixels. Layout
///   sugar, `chain` and renderer options are refused, as is a bare `/img/x.jpg`. `v` only where URLs
///   are signed (`signed`): it renders nothing new (the cache key leaves it out), but each value is
///   a URL a CDN fetches, so only the operator may mint them.
/// - `/view/` requests keep their template's own parameters (the operator wrote the template) but
///   take renderer options (`fmt`, `scale`, …) only from a preset.
/// - `/info/` takes no transformation anyway (only `sig`, `exp` and `v`), so it is unchanged.
struct PresetPolicy: Sendable {
    /// The presets `preset=` names.
    let table: PresetTable
    /// Whether requests may use only presets.
    let presetsOnly: Bool
    /// Whether every request carries a valid signature (`signing.key`), checked before the route.
    var signed = false

    /// What a presets-only request may add to its `preset`.
    static let passKeys: Set<String> = ["preset", "sig", "exp", "v", "dl"]

    /// Whether a presets-only request may add `key`.
    private func passes(_ key: String) -> Bool {
        Self.passKeys.contains(key) && (key != "v" || signed)
    }

    /// An `/img/` query's parameters, its `preset=` expanded. Throws `PresetRefusal` for what a
    /// presets-only server does not take, `SpecError` for what no server does.
    func imageParameters(query: Substring) throws -> QueryParameters {
        let pairs = try QueryParameters.pairs(String(query))
        if presetsOnly {
            if let other = pairs.first(where: { !passes($0.key) }) { throw PresetRefusal(parameter: other.key, presets: table.names) }
            guard pairs.contains(where: { $0.key == "preset" }) else { throw PresetRefusal(parameter: nil, presets: table.names) }
        }
        return try QueryParameters(pairs: table.expanded(pairs))
    }

    /// A `/view/` template's spec for `query`: its parameters, and its renderer options from a preset
    /// and (unless presets-only) the query.
    func templateSpec(_ template: ViewTemplate, query: Substring, limits: SpecLimits) throws -> TransformSpec {
        let pairs = try QueryParameters.pairs(String(query))
        if presetsOnly, let option = pairs.first(where: { QueryParameters.rendererOptions.contains($0.key) && !passes($0.key) }) {
            throw PresetRefusal(parameter: option.key, presets: table.names)
        }
        return try template.spec(pairs: pairs, limits: limits, presets: table)
    }
}
