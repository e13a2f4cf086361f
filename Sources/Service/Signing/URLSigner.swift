import CheckedConversion
import Foundation
import Hashing
import TransformSpec

/// Signed URLs: HMAC-SHA256 over the request target exactly as sent, up to its final `sig`
/// parameter, base64url-encoded into `sig`. Several keys are accepted (the first signs), so keys can
/// be rotated; comparison is constant-time; an optional `exp` (Unix seconds) makes a URL expire.
///
/// One signature is valid for exactly one spelling of a URL, so a CDN never caches one image under
/// several keys: the message is the target's bytes (no reordering, no dropped empty pairs), `sig`
/// must be the last parameter, and its value must be the canonical base64url text of the MAC (no
/// padding, no spare bits set).
public struct URLSigner: Sendable {
    private let keys: [[UInt8]]

    /// `keys` as configured; the first one signs. Empty keys are ignored.
    public init(keys: [String]) {
        self.keys = keys.filter { !$0.isEmpty }.map { Array($0.utf8) }
    }

    /// True when at least one key is configured (signing required).
    public var isEnabled: Bool { !keys.isEmpty }

    /// The text that is signed for `path` and `query` (the query without its final `sig` parameter).
    public static func message(path: Substring, query: Substring) -> String {
        query.isEmpty ? String(path) : String(path) + "?" + query
    }

    /// `target` with `exp` (when `expires` is given) and then `sig` appended, signed with the first key.
    public func sign(_ target: String, expires: Int? = nil) -> String {
        var target = target
        if let expires { target += (target.contains("?") ? "&" : "?") + "exp=\(expires)" }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let query = parts.count > 1 ? parts[1] : ""
        let mac = HMACSHA256.authenticate(Array(Self.message(path: parts[0], query: query).utf8), key: keys[0])
        return target + (parts.count > 1 ? "&" : "?") + "sig=" + Base64URL.encode(mac)
    }

    /// Why a request is refused; clients only ever see a bare 403, the log sees `reason`.
    public enum Verdict: Equatable, Sendable {
        /// The signature verifies and `exp`, if any, is not past.
        case valid
        /// No `sig` as the last parameter.
        case missing
        /// `sig` is not the canonical base64url text of a 32-byte MAC.
        case malformed
        /// A well-formed `sig` that no configured key produces for this target.
        case wrongKey
        /// Signed, but an `exp` is past (or not a number).
        case expired

        /// The word the log uses: `missing`, `malformed`, `wrong key`, `expired` (`valid`).
        public var reason: String {
            switch self {
            case .valid: "valid"
            case .missing: "missing"
            case .malformed: "malformed"
            case .wrongKey: "wrong key"
            case .expired: "expired"
            }
        }
    }

    /// Checks the `sig` (and `exp`) of a request target's path and query at time `now`.
    public func verify(path: Substring, query: Substring, now: Int) -> Verdict {
        guard let (signed, sigText) = Self.split(query) else { return .missing }
        // Only the canonical spelling of the MAC: decoding ignores a last character's spare bits,
        // so several spellings would otherwise verify.
        guard let given = Base64URL.decode(sigText), given.count == HMACSHA256.byteCount, Base64URL.encode(given) == sigText else {
            return .malformed
        }
        let message = Array(Self.message(path: path, query: signed).utf8)
        // Every key is tried, in constant time each, so timing does not tell which one matched.
        var matched = false
        for key in keys where HMACSHA256.equal(HMACSHA256.authenticate(message, key: key), given) { matched = true }
        guard matched else { return .wrongKey }
        // Expiry is read the way the request parser reads the query (percent-decoded keys), so a
        // spelling such as `%65xp=` cannot hide it. A query the parser refuses fails later with 400.
        // Every `exp` counts (the parser refuses a second one later, with 400), whatever the other
        // keys are: a view template's parameters are not the parser's known keys.
        guard let pairs = try? QueryParameters.pairs(String(signed)) else { return .valid }
        for (key, exp) in pairs where key == "exp" {
            guard let expires = Self.seconds(exp), now <= expires else { return .expired }
        }
        return .valid
    }

    /// When a URL stops verifying: its `exp` (the earliest, if several), read as `verify` reads it;
    /// `nil` without one. Caches must not keep its answer past then.
    public static func expiry(in query: Substring) -> Int? {
        guard let pairs = try? QueryParameters.pairs(String(query)) else { return nil }
        return pairs.compactMap { $0.key == "exp" ? seconds($0.value) : nil }.min()
    }

    /// Unix seconds written in decimal digits only (no sign, no spaces).
    private static func seconds(_ text: String) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        return Int(text)
    }

    /// The query before its final `sig` parameter, and that parameter's value; `nil` when the last
    /// parameter is not `sig`.
    private static func split(_ query: Substring) -> (signed: Substring, sig: Substring)? {
        let signed: Substring
        let last: Substring
        if let ampersand = query.lastIndex(of: "&") {
            signed = query[..<ampersand]
            last = query[query.index(after: ampersand)...]
            // `?&sig=…` would be a second spelling of `?sig=…`.
            guard !signed.isEmpty else { return nil }
        } else {
            signed = ""
            last = query
        }
        guard last.hasPrefix("sig=") else { return nil }
        return (signed, last.dropFirst(4))
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
