import Foundation
import Hashing

/// Signed URLs: HMAC-SHA256 over the request target without its `sig` parameter, in a canonical
/// order, base64url-encoded into `sig`. Several keys are accepted (the first signs), so keys can be
/// rotated; comparison is constant-time; an optional `exp` (Unix seconds) makes a URL expire.
///
/// The signed message is the path, then — if the query has parameters besides `sig` — `?` and those
/// `key=value` pairs exactly as they appear in the URL (still percent-encoded), sorted bytewise and
/// joined with `&`. Example: `/img/a.jpg?w=300&h=400` signs `/img/a.jpg?h=400&w=300`.
public struct URLSigner: Sendable {
    private let keys: [[UInt8]]

    /// `keys` as configured; the first one signs. Empty keys are ignored.
    public init(keys: [String]) {
        self.keys = keys.filter { !$0.isEmpty }.map { Array($0.utf8) }
    }

    /// True when at least one key is configured (signing required).
    public var isEnabled: Bool { !keys.isEmpty }

    /// The text that is signed for `path` and `query`.
    public static func message(path: Substring, query: Substring) -> String {
        let pairs = query.split(separator: "&").filter { !$0.hasPrefix("sig=") && $0 != "sig" }.map(String.init).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        return pairs.isEmpty ? String(path) : String(path) + "?" + pairs.joined(separator: "&")
    }

    /// `target` with `sig` (and `exp`, when `expires` is given) added, signed with the first key.
    public func sign(_ target: String, expires: Int? = nil) -> String {
        var target = target
        if let expires { target += (target.contains("?") ? "&" : "?") + "exp=\(expires)" }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? parts[1] : ""
        let mac = HMACSHA256.authenticate(Array(Self.message(path: parts[0], query: query).utf8), key: keys[0])
        return target + (parts.count > 1 ? "&" : "?") + "sig=" + Base64URL.encode(mac)
    }

    /// Why a request is refused; clients only ever see a bare 403.
    public enum Verdict: Equatable, Sendable {
        case valid, missing, invalid, expired
    }

    /// Checks the `sig` (and `exp`) of a request target's path and query at time `now`.
    public func verify(path: Substring, query: Substring, now: Int) -> Verdict {
        let parameters = query.split(separator: "&")
        guard let sigParameter = parameters.first(where: { $0.hasPrefix("sig=") }),
              let given = Base64URL.decode(sigParameter.dropFirst(4)) else { return .missing }
        let message = Array(Self.message(path: path, query: query).utf8)
        // Every key is tried, in constant time each, so timing does not tell which one matched.
        var matched = false
        for key in keys where HMACSHA256.equal(HMACSHA256.authenticate(message, key: key), given) { matched = true }
        guard matched else { return .invalid }
        if let exp = parameters.first(where: { $0.hasPrefix("exp=") }) {
            guard let expires = Int(exp.dropFirst(4)), now <= expires else { return .expired }
        }
        return .valid
    }
}

/// Base64url without padding (RFC 4648 §5).
enum Base64URL {
    static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
    }

    static func decode(_ text: Substring) -> [UInt8]? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0.isBase64URL }) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        return Data(base64Encoded: base64).map { [UInt8]($0) }
    }
}

private extension UInt8 {
    var isBase64URL: Bool {
        (0x41...0x5A).contains(self) || (0x61...0x7A).contains(self) || (0x30...0x39).contains(self) || self == 0x2D || self == 0x5F
    }
}
