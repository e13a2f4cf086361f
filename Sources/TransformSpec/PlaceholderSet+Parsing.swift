import CheckedConversion
import Layout

extension PlaceholderSet {
    /// The query parameters that ask `/info` for placeholders, in the order the URL API reference
    /// lists them; `/img` and `/view` know none of them.
    public static let parameters = ["blurhash", "thumbhash", "averagecolor", "dominantcolor", "palette", "lqip", "lqipbytes"]

    /// Splits an `/info` query into the placeholder parameters (decoded) and the rest as written
    /// (for the image parser, so a placeholder matches the `/img` render of the same rest).
    public static func split(query: Substring) throws(SpecError) -> (placeholders: [QueryParameters.Pair], rest: String) {
        var placeholders: [QueryParameters.Pair] = []
        var rest: [Substring] = []
        for piece in query.split(separator: "&", omittingEmptySubsequences: true) {
            guard let pair = try QueryParameters.pairs(String(piece)).first, parameters.contains(pair.key) else {
                rest.append(piece)
                continue
            }
            placeholders.append(pair)
        }
        return (placeholders, rest.joined(separator: "&"))
    }

    /// The set the placeholder parameters `pairs` ask for, each at most once.
    public init(pairs: [QueryParameters.Pair]) throws(SpecError) {
        self.init()
        var seen: Set<String> = []
        var lqipBytes: Int?
        var lqipFormat: LQIPRequest.Format?
        for (key, value) in pairs {
            guard seen.insert(key).inserted else { throw .duplicateParameter(key) }
            switch key {
            case "blurhash": blurHash = try Self.components(value)
            case "thumbhash": thumbHash = try Self.flag(value, param: key)
            case "averagecolor": averageColor = try Self.flag(value, param: key)
            case "dominantcolor": dominantColor = try Self.flag(value, param: key)
            case "palette": palette = try Self.integer(value, param: key, in: Self.paletteRange, what: "a number of colours")
            case "lqip":
                guard let format = value == "1" ? .webp : LQIPRequest.Format(rawValue: value) else {
                    throw .invalidValue(param: key, value: value, expected: "`webp`, `avif` or `1` (WebP)")
                }
                lqipFormat = format
            case "lqipbytes":
                lqipBytes = try Self.integer(value, param: key, in: LQIPRequest.maxBytesRange, what: "a byte budget")
            default:
                throw .unknownParameter(key)
            }
        }
        if let lqipFormat {
            lqip = LQIPRequest(format: lqipFormat, maxBytes: lqipBytes ?? LQIPRequest.defaultMaxBytes)
        } else if lqipBytes != nil {
            throw .conflict(param: "lqipbytes", message: "`lqipbytes` is the budget of `lqip`: add `lqip=webp` (or `lqip=avif`), or drop `lqipbytes`")
        }
    }

    /// `1`: the item is asked for (`0` would ask for nothing, so it is refused rather than ignored).
    private static func flag(_ value: String, param: String) throws(SpecError) -> Bool {
        guard value == "1" else { throw .invalidValue(param: param, value: value, expected: "`1` (leave the parameter out to not ask for it)") }
        return true
    }

    /// `XxY` with each in 1…9, or `1` for the default 4×3.
    private static func components(_ value: String) throws(SpecError) -> (x: Int, y: Int) {
        if value == "1" { return Self.defaultBlurHashComponents }
        let parts = value.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int(parts[0]), let y = Int(parts[1]), Self.blurHashComponentRange.contains(x),
            Self.blurHashComponentRange.contains(y),
            parts.allSatisfy({ $0.utf8.count == 1 })
        else {
            throw .invalidValue(param: "blurhash", value: value, expected: "components `XxY` with X and Y in 1…9 (e.g. `4x3`), or `1` for 4x3")
        }
        return (x, y)
    }

    private static func integer(_ value: String, param: String, in range: ClosedRange<Int>, what: String) throws(SpecError) -> Int {
        guard value.utf8.count <= 6, value.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let number = Int(value), range.contains(number) else {
            throw .invalidValue(param: param, value: value, expected: "\(what), a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
