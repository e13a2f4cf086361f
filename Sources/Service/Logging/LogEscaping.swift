import Foundation
import Logging
import PlanJSON

/// How `LogLineHandler` makes client-derived text safe to log.
enum LogEscaping {
    /// `text` with every character that could end a line or fake a field written as an escape:
    /// `\n`, `\r`, `\t`, `\"`, `\\` and `\u{…}` for the other controls (C0, DEL, C1) and the Unicode
    /// line and paragraph separators. Text without them is returned as it is.
    static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where needsEscape(scalar): result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func escaped(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        switch value {
        case .string(let text): .string(escaped(text))
        case .stringConvertible(let convertible): .string(escaped(convertible.description))
        case .array(let values): .array(values.map(escaped))
        case .dictionary(let values): .dictionary(values.mapValues(escaped))
        }
    }

    private static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar == "\"" || scalar == "\\" || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    /// One JSON object for a `json` log line (JSON's own string escaping covers every control).
    static func jsonLine(time: Date, level: Logger.Level, label: String, source: String, message: String, metadata: Logger.Metadata) -> String {
        var fields: [(String, JSONValue)] = [
            ("time", .string(time.ISO8601Format())), ("level", .string(level.rawValue)), ("label", .string(label)), ("source", .string(source)),
            ("message", .string(message)),
        ]
        if !metadata.isEmpty { fields.append(("metadata", json(.dictionary(metadata)))) }
        return JSONValue.object(fields).serialized()
    }

    private static func json(_ value: Logger.MetadataValue) -> JSONValue {
        switch value {
        case .string(let text): .string(text)
        case .stringConvertible(let convertible): .string(convertible.description)
        case .array(let values): .array(values.map(json))
        case .dictionary(let values): .object(values.sorted { $0.key < $1.key }.map { ($0.key, json($0.value)) })
        }
    }
}
