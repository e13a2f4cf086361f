extension QueryParameters {
    /// One decoded `key=value` of a query.
    public typealias Pair = (key: String, value: String)

    /// `base` (what presets set) overridden by `explicit` (what comes after it: the request's own
    /// parameters, or a later preset): explicit wins, setting by setting.
    ///
    /// - A key of `explicit` drops `base`'s pair for the same setting, aliases included (`dpr` drops `scale`).
    /// - An explicit `chain` is the whole layout: it drops `base`'s layout sugar (`w`, `mode`, …) too.
    /// - Explicit layout sugar cannot amend a `chain` of `base` (sugar compiles to a chain of its
    ///   own, and silently dropping the preset's chain would change more than was asked): refused,
    ///   as `chain` with sugar is in one query.
    ///
    /// Renderer options (`fmt`, `q`, `scale`, `pw`, …) are independent settings and merge one by one.
    /// The result is checked as any query is when it becomes `QueryParameters`.
    /// - Parameter from: the preset(s) `base` came from, for the refusal's message.
    public static func merging(_ explicit: [Pair], over base: [Pair], from: String) throws(SpecError) -> [Pair] {
        let settings = Set(explicit.map { aliases[$0.key] ?? $0.key })
        let replacesLayout = settings.contains("chain")
        let sugar = explicit.map(\.key).filter(layoutSugar.contains)
        if !replacesLayout, !sugar.isEmpty, base.contains(where: { $0.key == "chain" }) {
            throw .conflict(
                param: "preset",
                message: "preset `\(from)` sets `chain`, which layout parameters (\(sugar.map { "`\($0)`" }.joined(separator: ", "))) cannot amend: "
                    + "give a chain= of your own (it replaces the preset's layout) or a preset without chain")
        }
        let kept = base.filter { pair in
            !settings.contains(aliases[pair.key] ?? pair.key) && !(replacesLayout && layoutSugar.contains(pair.key))
        }
        return kept + explicit
    }
}
