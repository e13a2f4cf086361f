import CheckedConversion

/// A URL to sign, as `imgframe sign` takes it: a path and query (`/img/a b.jpg?w=1`) or a full
/// `http(s)://host/…` URL, spelled the way a browser would send it, with any earlier `sig` removed.
///
/// The signature covers the bytes a client sends, so the target is first percent-encoded as a browser
/// encodes a URL typed or set in code (WHATWG URL: the path and query percent-encode sets): spaces,
/// control characters, `"`, `<`, `>`, `` ` ``, `{`, `}` (path) and non-ASCII (as UTF-8) become `%XX`;
/// an existing `%XX` stays as it is. A `%` that starts no escape becomes `%25` (a browser would send
/// it raw, and the server refuses that query as malformed). A fragment (`#…`) is never sent, so it is
/// dropped.
public struct SigningTarget: Sendable, Equatable {
    /// `scheme://authority` of a full URL, or empty for a bare path.
    public var origin: String
    /// The percent-encoded path, starting with `/`.
    public var path: String
    /// The query's `key=value` parameters (percent-encoded, in order), without `sig`.
    public var parameters: [String]

    /// Why a target cannot be signed.
    public enum Problem: Error, Sendable, CustomStringConvertible {
        case notATarget(String)

        public var description: String {
            switch self {
            case .notATarget(let text):
                "`\(text)` is neither a path starting with / (e.g. /img/a.jpg?w=300) nor an http(s):// URL"
            }
        }
    }

    public init(parsing text: String) throws(Problem) {
        var rest = Substring(text)
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        origin = ""
        for scheme in ["http://", "https://"] where rest.lowercased().hasPrefix(scheme) {
            let authorityStart = rest.index(rest.startIndex, offsetBy: scheme.count)
            let pathStart = rest[authorityStart...].firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
            guard pathStart > authorityStart else { throw .notATarget(text) }
            origin = String(rest[..<pathStart])
            rest = rest[pathStart...]
            if rest.isEmpty || rest.first == "?" { rest = "/" + rest }
        }
        guard rest.first == "/" else { throw .notATarget(text) }
        let parts = rest.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = Self.encode(parts[0], keeping: Self.pathKeeps)
        let query = parts.count > 1 ? Self.encode(parts[1], keeping: Self.queryKeeps) : ""
        parameters = query.split(separator: "&", omittingEmptySubsequences: true).map(String.init).filter { !Self.isParameter($0, named: "sig") }
    }

    /// Removes every `exp` and, when `expires` is given, appends `exp=expires`.
    public mutating func replaceExpiry(with expires: Int) {
        parameters.removeAll { Self.isParameter($0, named: "exp") }
        parameters.append("exp=\(expires)")
    }

    /// The current `exp` value, if any.
    public var expiry: Int? {
        parameters.last { Self.isParameter($0, named: "exp") }.flatMap { Int($0.dropFirst(4)) }
    }

    /// Path and query as sent (what is signed, before `sig` is appended).
    public var target: String {
        parameters.isEmpty ? path : path + "?" + parameters.joined(separator: "&")
    }

    private static func isParameter(_ parameter: String, named name: String) -> Bool {
        parameter == name || parameter.hasPrefix(name + "=")
    }

    /// ASCII bytes besides letters and digits a browser sends unescaped in a path: everything
    /// printable except space, `"`, `#`, `<`, `>`, `?`, `` ` ``, `{`, `}`.
    static let pathKeeps = Set("!$%&'()*+,-./:;=@[\\]^_|~".utf8)
    /// … and in the query of an http(s) URL: also `?`, `` ` ``, `{`, `}`, but not `'`.
    static let queryKeeps = Set("!$%&()*+,-./:;=?@[\\]^_`{|}~".utf8)

    static func encode(_ text: Substring, keeping: Set<UInt8>) -> String {
        let bytes = Array(text.utf8)
        var out = ""
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                let isEscape = index + 2 < bytes.count && bytes[index + 1].isHexDigit && bytes[index + 2].isHexDigit
                out += isEscape ? "%" : "%25"
            } else if (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || keeping.contains(byte) {
                out.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                out += "%" + String(byte, radix: 16, uppercase: true).leftPadded
            }
            index += 1
        }
        return out
    }
}

private extension UInt8 {
    var isHexDigit: Bool { (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self) }
}

private extension String {
    var leftPadded: String { count == 1 ? "0" + self : self }
}
