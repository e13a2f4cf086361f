/// A URL query split into decoded `key → value` pairs, each key at most once (aliases included).
public struct QueryParameters: Sendable, Hashable {
    /// Every accepted key, in the order the URL API reference lists them.
    public static let known = [
        "w", "h", "minw", "maxw", "minh", "maxh", "mode", "ratio", "align", "clip", "interp", "insets", "radius", "mask",
        "blur", "grayscale", "pad", "orient", "scale", "dpr", "bg", "border", "overlay", "oalign", "opaque", "fmt", "q",
        "chain", "pw", "ph", "sig", "exp",
    ]

    /// Keys that describe layout; they compile to a chain and cannot be mixed with `chain`.
    public static let layoutSugar: Set<String> = [
        "w", "h", "minw", "maxw", "minh", "maxh", "mode", "ratio", "align", "clip", "interp", "insets", "radius", "mask",
        "blur", "grayscale", "pad", "bg", "border", "overlay", "oalign",
    ]

    /// Keys that name the same setting.
    static let aliases = ["dpr": "scale"]

    private(set) var values: [String: String] = [:]
    /// Keys in the order they appeared.
    public private(set) var keys: [String] = []

    /// Parses `a=1&b=2` (without the leading `?`), percent-decoding keys and values (`+` is a space).
    public init(query: String) throws(SpecError) {
        for pair in query.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let key = try Self.decode(parts[0], param: String(parts[0]))
            let value = parts.count > 1 ? try Self.decode(parts[1], param: key) : ""
            guard Self.known.contains(key) else { throw .unknownParameter(key) }
            let canonicalKey = Self.aliases[key] ?? key
            guard values[canonicalKey] == nil else { throw .duplicateParameter(key) }
            values[canonicalKey] = value
            keys.append(key)
        }
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
