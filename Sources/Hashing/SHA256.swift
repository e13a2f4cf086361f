import CCrypto
import CheckedConversion

/// SHA-256 through OpenSSL's libcrypto: content hashes for ETags and cache keys.
public enum SHA256 {
    /// The 32-byte digest of `bytes`.
    public static func hash(_ bytes: [UInt8]) -> [UInt8] {
        var digest = [UInt8](repeating: 0, count: 32)
        let ok = bytes.withUnsafeBytes { input in
            digest.withUnsafeMutableBufferPointer { ccrypto_sha256(input.baseAddress, input.count, $0.baseAddress) }
        }
        precondition(ok == 1, "libcrypto SHA-256 failed")
        return digest
    }

    /// The digest of a string's UTF-8 bytes.
    public static func hash(_ text: String) -> [UInt8] {
        hash(Array(text.utf8))
    }
}

/// HMAC-SHA256 through libcrypto, with a constant-time comparison for verifying signatures.
public enum HMACSHA256 {
    /// Length of a MAC, bytes.
    public static let byteCount = 32

    /// The 32-byte MAC of `message` under `key`.
    public static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        hmac(message, key: key, byteCount: byteCount, ccrypto_hmac_sha256)
    }

    /// Compares two MACs in constant time (for equal lengths).
    public static func equal(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { x in b.withUnsafeBytes { y in ccrypto_equal(x.baseAddress, y.baseAddress, x.count) == 1 } }
    }
}

/// HMAC-SHA1 through libcrypto: only for verifying thumbor's URL signatures, which are defined with it.
public enum HMACSHA1 {
    /// Length of a MAC, bytes.
    public static let byteCount = 20

    /// The 20-byte MAC of `message` under `key`.
    public static func authenticate(_ message: [UInt8], key: [UInt8]) -> [UInt8] {
        hmac(message, key: key, byteCount: byteCount, ccrypto_hmac_sha1)
    }
}

/// One libcrypto HMAC call (`ccrypto_hmac_sha256`, `ccrypto_hmac_sha1`) into a MAC of `byteCount` bytes.
private func hmac(
    _ message: [UInt8], key: [UInt8], byteCount: Int,
    _ function: (UnsafeRawPointer?, Int32, UnsafeRawPointer?, Int, UnsafeMutablePointer<UInt8>?) -> Int32
) -> [UInt8] {
    var mac = [UInt8](repeating: 0, count: byteCount)
    let ok = key.withUnsafeBytes { k in
        message.withUnsafeBytes { m in
            mac.withUnsafeMutableBufferPointer { function(k.baseAddress, Int32(k.count), m.baseAddress, m.count, $0.baseAddress) }
        }
    }
    precondition(ok == 1, "libcrypto HMAC failed")
    return mac
}

extension Array where Element == UInt8 {
    /// Lower-case hexadecimal.
    public var hexString: String {
        let digits = Array("0123456789abcdef".utf8)
        var out = [UInt8]()
        out.reserveCapacity(count * 2)
        for byte in self {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
