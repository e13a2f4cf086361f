/// The configured presets by name, and how a request's `preset=` turns into the parameters it
/// stands for. A pure value: the service builds it once from the configuration, and `imgframe render`
/// and `plan` from the same configuration.
///
/// `preset=` names one preset or several separated by `:` (`preset=thumb:sharp`), applied left to
/// right, and the request's own parameters last: each later one wins over what came before it
/// (`QueryParameters.merging`). The expanded request is what the parser, the canonical form, the
/// cache key and the ETag see, so `?preset=thumb` and the query it stands for are one image.
public struct PresetTable: Sendable, Equatable {
    /// No presets: a request's `preset=` is refused, naming the setting.
    public static let none = PresetTable(checked: [])

    /// The presets in configured order.
    public let presets: [Preset]

    /// `presets`, which must have distinct names.
    public init(_ presets: [Preset]) throws(PresetError) {
        var seen: Set<String> = []
        for preset in presets where !seen.insert(preset.name).inserted { throw .duplicateName(preset.name) }
        self.init(checked: presets)
    }

    private init(checked presets: [Preset]) {
        self.presets = presets
    }

    /// Parses the `presets` setting: `name: query` entries separated by `;`, spaces around each
    /// ignored (line breaks too), an empty text meaning none and a trailing `;` nothing. Queries are written as in a URL. Since a value
    /// may hold a `;` itself (`bg=linear(red,blue;leading,trailing)`), a `;` separates entries only
    /// where a name and `:` follow it; write `%3B` for a `;` in a value that a word and `:` follow.
    public init(parsing text: String, limits: SpecLimits = SpecLimits()) throws(PresetError) {
        var presets: [Preset] = []
        for entry in Self.entries(text) {
            guard let colon = entry.firstIndex(of: ":") else { throw .malformed(String(entry)) }
            let name = String(entry[..<colon]).trimmed
            presets.append(try Preset(name: name, query: String(entry[entry.index(after: colon)...]).trimmed, limits: limits))
        }
        try self.init(presets)
    }

    /// The same presets checked again against `limits` (the loader's final ones, which a later
    /// line of the configuration may have changed).
    public func checked(limits: SpecLimits) throws(PresetError) -> PresetTable {
        var again: [Preset] = []
        for preset in presets { again.append(try Preset(name: preset.name, query: preset.query, limits: limits)) }
        return PresetTable(checked: again)
    }

    /// The setting's text: `name: query; name: query` ("" for none); parsing it gives this table.
    public var text: String {
        presets.map { $0.query.isEmpty ? "\($0.name):" : "\($0.name): \($0.query)" }.joined(separator: "; ")
    }

    /// The names in configured order.
    public var names: [String] { presets.map(\.name) }

    /// Whether there are no presets.
    public var isEmpty: Bool { presets.isEmpty }

    /// The preset named `name`, if any.
    public subscript(name: String) -> Preset? {
        presets.first { $0.name == name }
    }

    /// The text split at each `;` that a word (a preset name, well formed or not) and `:` follow;
    /// blank entries dropped.
    static func entries(_ text: String) -> [Substring] {
        var entries: [Substring] = []
        var start = text.startIndex
        var index = text.startIndex
        while let semicolon = text[index...].firstIndex(of: ";") {
            index = text.index(after: semicolon)
            let rest = text[index...].drop(while: \.isWhitespace)
            // Any letters, not only the lower-case ones a name may have, so `; Thumb:` is refused
            // as a name rather than read as part of the value before it.
            let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_" || $0 == "-") }
            guard !name.isEmpty, rest[name.endIndex...].drop(while: \.isWhitespace).first == ":" else { continue }
            entries.append(text[start..<semicolon])
            start = index
        }
        entries.append(text[start...])
        // A `;` that ends the text or stands alone is no value's (`a: w=1;` or `a: w=1; ; b: h=2`).
        return entries.map { entry in
            var entry = entry
            while let last = entry.last, last == ";" || last.isWhitespace { entry = entry.dropLast() }
            return entry
        }.filter { !$0.trimmed.isEmpty }
    }
}

extension StringProtocol {
    /// Without leading and trailing white space (spaces, tabs, line breaks).
    fileprivate var trimmed: String {
        String(drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    }
}
