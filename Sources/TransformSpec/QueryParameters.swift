import Layout

/// A URL query split into decoded `key → value` pairs, each key at most once (aliases included).
public struct QueryParameters: Sendable, Hashable {
    /// Every accepted key, in the order the URL API reference lists them.
    public static let known = [
        "w", "h", "minw", "maxw", "minh", "maxh", "mode", "ratio", "align", "focus", "trim", "clip", "interp", "insets", "radius", "mask",
        "blur", "grayscale", "pad", "orient", "scale", "dpr", "bg", "border", "overlay", "oalign", "opaque", "fmt", "q",
        "colormode", "page", "chain", "pw", "ph", "v", "sig", "exp", "dl",
    ]

    /// Keys that describe layout; they compile to a chain and cannot be mixed with `chain`.
    public static let layoutSugar: Set<String> = [
        "w", "h", "minw", "maxw", "minh", "maxh", "mode", "ratio", "align", "focus", "trim", "clip", "interp", "insets", "radius", "mask",
        "blur", "grayscale", "pad", "bg", "border", "overlay", "oalign",
    ]

    /// The keys a view template (`/view/…`) accepts besides its own parameters: how to render and
    /// encode, and the signature. A template's parameters may not take these names.
    public static let rendererOptions = ["fmt", "q", "scale", "dpr", "pw", "ph", "opaque", "colormode", "page", "v", "sig", "exp", "dl"]

    /// Keys that name the same setting.
    static let aliases = ["dpr": "scale"]

    private(set) var values: [String: String] = [:]
    /// Keys in the order they appeared.
    public private(set) var keys: [String] = []

    /// Parses `a=1&b=2` (without the leading `?`), percent-decoding keys and values (`+` is a space).
    public init(query: String) throws(SpecError) {
        try self.init(pairs: Self.pairs(query))
    }

    /// Known keys and their decoded values, each key at most once.
    init(pairs: [(key: String, value: String)]) throws(SpecError) {
        for (key, value) in pairs {
            guard Self.known.contains(key) else { throw .unknownParameter(key) }
            let canonicalKey = Self.aliases[key] ?? key
            guard values[canonicalKey] == nil else { throw .duplicateParameter(key) }
            values[canonicalKey] = value
            keys.append(key)
        }
    }

    /// The decoded `key=value` pairs of a query, in order, whatever their keys.
    public static func pairs(_ query: String) throws(SpecError) -> [(key: String, value: String)] {
        var pairs: [(key: String, value: String)] = []
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
