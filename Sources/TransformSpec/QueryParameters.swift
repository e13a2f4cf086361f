import Layout

/// A URL query split into decoded `key → value` pairs, each key at most once (aliases included).
public struct QueryParameters: Sendable, Hashable {
    /// Every accepted key, in the order the URL API reference lists them (`QueryKey.all`).
    public static let known = QueryKey.all.map(\.name)

    /// Keys that describe layout; they compile to a chain and cannot be mixed with `chain`.
    public static let layoutSugar = Set(QueryKey.names(.layout))

    /// The keys a view template (`/view/…`) accepts besides its own parameters: how to render and
    /// encode, the signature, and `preset` (whose presets hold only the others). A template's
    /// parameters may not take these names.
    public static let rendererOptions = QueryKey.names(.renderer)

    /// The keys that give a size (`QueryKey.givesSize`).
    static let sizes = QueryKey.all.filter(\.givesSize).map(\.name)

    /// Keys that name the same setting.
    static let aliases = ["dpr": "scale"]

    private(set) var values: [String: String] = [:]
    /// Keys in the order they appeared.
    public private(set) var keys: [String] = []

    /// Parses `a=1&b=2` (without the leading `?`), percent-decoding keys and values (`+` is a space),
    /// with a `preset=` replaced by the parameters of `presets` it names (`PresetTable.expanded`).
    public init(query: String, presets: PresetTable = .none) throws(SpecError) {
        try self.init(pairs: presets.expanded(Self.pairs(query)))
    }

    /// Known keys and their decoded values, each key at most once. A `preset` must have been
    /// expanded already (`PresetTable.expanded`); one still here names no defined preset.
    public init(pairs: [Pair]) throws(SpecError) {
        for (key, value) in pairs {
            guard Self.known.contains(key) else { throw .unknownParameter(key) }
            guard key != "preset" else { throw .unknownPreset(value, defined: []) }
            let canonicalKey = Self.aliases[key] ?? key
            guard values[canonicalKey] == nil else { throw .duplicateParameter(key) }
            values[canonicalKey] = value
            keys.append(key)
        }
    }

    /// The decoded `key=value` pairs of a query, in order, whatever their keys.
    public static func pairs(_ query: String) throws(SpecError) -> [Pair] {
        var pairs: [Pair] = []
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try decode(parts[0], param: String(parts[0]))
            pairs.append((key, parts.count > 1 ? try decode(parts[1], param: key) : ""))
        }
        return pairs
    }

    /// The key as the query wrote it (`dpr` for `scale`), so an error names what the user typed.
    public func writtenKey(_ key: String) -> String {
        keys.first { (Self.aliases[$0] ?? $0) == key } ?? key
    }

    /// The value of `key` (aliases resolved), if present.
    public subscript(key: String) -> String? {
        values[key]
    }

    /// Percent-decoding per RFC 3986 §2.1, plus `+` as space (HTML form encoding); the result must be UTF-8.
    static func decode(_ text: Substring, param: String) throws(SpecError) -> String {
        guard let bytes = PercentDecoding.bytes(text, plusAsSpace: true) else {
            throw .invalidValue(param: param, value: String(text), expected: "percent-encoded text (%XX with two hex digits)")
        }
        guard let decoded = String(validating: bytes, as: UTF8.self), !decoded.unicodeScalars.contains("\0") else {
            throw .invalidValue(param: param, value: String(text), expected: "UTF-8 text without NUL")
        }
        return decoded
    }
}
