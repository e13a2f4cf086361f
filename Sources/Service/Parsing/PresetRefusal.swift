/// A request a presets-only server (`presets_only`) does not answer: it sets `parameter` itself, or
/// (`nil`) names no preset. 403 (`ErrorMapping`): the request is understood, and refused by policy.
struct PresetRefusal: Error, Sendable, Equatable {
    /// The parameter the request may not set, or `nil` when it names no preset.
    let parameter: String?
    /// The presets it may use instead.
    let presets: [String]

    /// "this server answers only presets (preset=thumb, preset=avatar): `w` may come only from one".
    var message: String {
        let offer = presets.map { "preset=\($0)" }.joined(separator: ", ")
        guard let parameter else { return "this server answers only presets: name one (\(offer))" }
        // `v` changes no pixel: what it lacks is the operator's signature (`PresetPolicy`).
        let rule = parameter == "v" ? "needs a signed URL" : "may come only from one"
        return "this server answers only presets (\(offer)): `\(parameter)` \(rule)"
    }
}
