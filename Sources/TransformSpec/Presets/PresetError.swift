/// Why a preset of the configuration (`presets`) cannot be used; start-up stops with the message,
/// which names the preset. Requests never see these: a request's own preset errors are `SpecError`s.
public enum PresetError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The name is not 1–64 of `a`–`z`, `0`–`9`, `_` and `-`.
    case invalidName(String)
    /// An entry without the `:` between name and query.
    case malformed(String)
    /// Two presets with one name.
    case duplicateName(String)
    /// A key a preset may not set (`PresetTable.reservedKeys`): the signature's, `dl` and `preset` itself.
    case reservedKey(preset: String, key: String)
    /// The query is not a valid request on its own: the parser's complaint.
    case invalidQuery(preset: String, SpecError)

    public var description: String {
        switch self {
        case .invalidName(let name):
            "preset name `\(name)` is not allowed: use 1–\(Preset.maxNameLength) of a–z, 0–9, `_` and `-`"
        case .malformed(let entry):
            "`\(entry)` is not `name: query` (presets are `name: query; name: query`)"
        case .duplicateName(let name):
            "preset `\(name)` is defined more than once"
        case let .reservedKey(preset, key):
            "preset `\(preset)` sets `\(key)`, which only a request can set (a preset may not set \(Preset.reservedKeys.map { "`\($0)`" }.joined(separator: ", ")))"
        case let .invalidQuery(preset, error):
            "preset `\(preset)`: \(error.description)"
        }
    }
}
