extension PresetTable {
    /// `pairs` (a request's decoded query) with its `preset=` replaced by the parameters it names:
    /// the presets left to right, then the request's other pairs, each later one winning
    /// (`QueryParameters.merging`). Pairs without `preset` come back unchanged.
    /// - Parameter templateOptionsOnly: for `/view/`, whose query takes renderer options besides the
    ///   template's own parameters: a preset that sets anything else is refused.
    public func expanded(_ pairs: [QueryParameters.Pair], templateOptionsOnly: Bool = false) throws(SpecError) -> [QueryParameters.Pair] {
        let uses = pairs.filter { $0.key == "preset" }
        guard let use = uses.first else { return pairs }
        guard uses.count == 1 else { throw .duplicateParameter("preset") }
        var merged: [QueryParameters.Pair] = []
        var applied: [String] = []
        for name in use.value.split(separator: ":", omittingEmptySubsequences: false).map(String.init) {
            guard !name.isEmpty else {
                throw .invalidValue(
                    param: "preset", value: use.value, expected: "a preset name, or several separated by `:` (preset=thumb or preset=thumb:sharp)")
            }
            guard let preset = self[name] else { throw .unknownPreset(name, defined: names) }
            if templateOptionsOnly, let key = preset.pairs.first(where: { !QueryParameters.rendererOptions.contains($0.key) })?.key {
                throw .conflict(
                    param: "preset",
                    message: "preset `\(name)` sets `\(key)`, which a view template does not take: a preset on /view/ may hold only renderer options "
                        + "(\(QueryParameters.rendererOptions.filter { !Preset.reservedKeys.contains($0) }.joined(separator: ", ")))")
            }
            merged = try QueryParameters.merging(preset.pairs, over: merged, from: applied.joined(separator: ":"))
            applied.append(name)
        }
        return try QueryParameters.merging(pairs.filter { $0.key != "preset" }, over: merged, from: use.value)
    }
}
