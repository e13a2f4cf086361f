/// A named query from the configuration (`presets = thumb: w=300&h=300&mode=fill`), which a request
/// names with `preset=thumb` instead of spelling the parameters out (imgproxy's presets). Checked
/// when it is made: its query is a valid request on its own, so a request can only fail on what it
/// adds itself.
public struct Preset: Sendable, Equatable {
    /// The name `preset=` uses: 1–64 of `a`–`z`, `0`–`9`, `_` and `-` (never `:`, which separates names).
    public let name: String
    /// The query as configured (percent-encoded as in a URL), e.g. `w=300&h=300&mode=fill`.
    public let query: String
    /// The decoded pairs of `query`, each key at most once (aliases included).
    public let pairs: [QueryParameters.Pair]

    /// Longest preset name.
    public static let maxNameLength = 64

    /// Keys only a request sets: a signature covers the URL as written, so `sig` and `exp` in a
    /// preset would sign nothing; `dl` names the response, not the image; presets do not nest.
    public static let reservedKeys = ["preset", "sig", "exp", "dl"]

    /// Checks `name` and `query`: known keys, each once, none of `reservedKeys`, and values that
    /// parse as a request (against `limits`, as `serve` parses requests).
    public init(name: String, query: String, limits: SpecLimits = SpecLimits()) throws(PresetError) {
        guard Self.isValidName(name) else { throw .invalidName(name) }
        let pairs: [QueryParameters.Pair]
        do {
            pairs = try QueryParameters.pairs(query)
        } catch {
            throw .invalidQuery(preset: name, error)
        }
        if let reserved = pairs.first(where: { Self.reservedKeys.contains($0.key) }) { throw .reservedKey(preset: name, key: reserved.key) }
        do {
            _ = try TransformSpec.parse(source: "preset", parameters: QueryParameters(pairs: pairs), limits: limits)
        } catch {
            throw .invalidQuery(preset: name, error)
        }
        self.name = name
        self.query = query
        self.pairs = pairs
    }

    /// Whether `name` may name a preset: 1–64 of `a`–`z`, `0`–`9`, `_` and `-`.
    public static func isValidName(_ name: String) -> Bool {
        (1...maxNameLength).contains(name.utf8.count) && name.allSatisfy(isNameCharacter)
    }

    /// `a`–`z`, `0`–`9`, `_` or `-`.
    static func isNameCharacter(_ character: Character) -> Bool {
        character.isASCII && (character.isLowercase || character.isNumber || character == "_" || character == "-")
    }

    /// Equal when named and written alike (the pairs follow from the query).
    public static func == (a: Preset, b: Preset) -> Bool {
        a.name == b.name && a.query == b.query
    }
}
