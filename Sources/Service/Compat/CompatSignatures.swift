import CheckedConversion
import Foundation
import Hashing

/// imgproxy's URL signature: HMAC-SHA256 under the hex-decoded key over the hex-decoded salt followed
/// by the path after the signature (`/rs:fit:300:300/plain/…`), base64url without padding, of the
/// MAC's first `size` bytes (imgproxy's `IMGPROXY_SIGNATURE_SIZE`, 32 by default).
struct ImgproxySignature: Sendable {
    let key: [UInt8]
    let salt: [UInt8]
    let size: Int

    /// Checks `signature` (the first path segment) for `signedPath` (everything after it, from its `/`),
    /// in constant time.
    func verify(_ signature: Substring, signedPath: Substring) -> Bool {
        let mac = HMACSHA256.authenticate(salt + Array(signedPath.utf8), key: key)
        let expected = Array(Base64URL.encode(Array(mac.prefix(size))).utf8)
        return HMACSHA256.equal(expected, Array(signature.utf8))
    }

    /// `text` as bytes when it is an even number of hex digits, else `nil`.
    static func hexBytes(_ text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard !digits.isEmpty, digits.count % 2 == 0 else { return nil }
        var bytes: [UInt8] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
            guard let byte = UInt8(String(decoding: digits[index...index + 1], as: UTF8.self), radix: 16) else { return nil }
            bytes.append(byte)
        }
        return bytes
    }
}

/// thumbor's URL signature: HMAC-SHA1 under the security key over the path after the signature
/// (`300x200/smart/a.jpg`, no leading `/`), base64url with padding, as libthumbor's `CryptoURL` writes it.
struct ThumborSignature: Sendable {
    let key: [UInt8]

    func verify(_ signature: Substring, signedPath: Substring) -> Bool {
        let mac = HMACSHA1.authenticate(Array(signedPath.utf8), key: key)
        let expected = Data(mac).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        return HMACSHA256.equal(Array(expected.utf8), Array(signature.utf8))
    }
}
