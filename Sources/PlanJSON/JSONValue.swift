/// A minimal JSON document with ordered object keys, so plan output is stable and readable without
/// Foundation. Its own target beside `Layout`: the layout math has no output format to know about.
public indirect enum JSONValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        lhs.serialized() == rhs.serialized()
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(serialized())
    }

    /// A number, or the string `"infinity"` for ±∞ as `layout-vectors.json` writes it.
    public static func measure(_ value: Double) -> JSONValue {
        if value.isInfinite { return .string(value > 0 ? "infinity" : "-infinity") }
        return .number(value)
    }

    /// The document as text; `indent` > 0 pretty-prints with that many spaces per level.
    public func serialized(indent: Int = 0) -> String {
        var out = ""
        write(into: &out, indent: indent, level: 0)
        return out
    }

    private func write(into out: inout String, indent: Int, level: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += Self.format(n)
        case .string(let s): Self.writeString(s, into: &out)
        case .array(let items):
            // Arrays of scalars stay on one line: rects read as [x, y, w, h].
            let flat = indent == 0 || items.allSatisfy(\.isScalar)
            writeContainer(items.map { (nil, $0) }, open: "[", close: "]", flat: flat, into: &out, indent: indent, level: level)
        case .object(let members):
            writeContainer(members.map { ($0.0, $0.1) }, open: "{", close: "}", flat: indent == 0, into: &out, indent: indent, level: level)
        }
    }

    private func writeContainer(
        _ items: [(String?, JSONValue)], open: String, close: String, flat: Bool, into out: inout String, indent: Int, level: Int
    ) {
        out += open
        guard !items.isEmpty else { return out += close }
        let pad = String(repeating: " ", count: indent * (level + 1))
        for (i, (key, value)) in items.enumerated() {
            if i > 0 { out += flat ? (indent > 0 ? ", " : ",") : "," }
            if !flat { out += "\n" + pad }
            if let key {
                Self.writeString(key, into: &out)
                out += indent > 0 ? ": " : ":"
            }
            value.write(into: &out, indent: indent, level: level + 1)
        }
        if !flat { out += "\n" + String(repeating: " ", count: indent * level) }
        out += close
    }

    private var isScalar: Bool {
        switch self {
        case .array, .object: false
        default: true
        }
    }

    /// Integers print without a fraction; other values in Swift's shortest round-trip form.
    static func format(_ n: Double) -> String {
        n.isFinite ? n.compactText : "null"
    }

    private static func writeString(_ s: String, into out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Besides what JSON requires, the controls and separators that some readers take for a line's end.
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        out += "\""
    }
}
