import CheckedConversion
import Foundation
import Hashing

/// AWS Signature Version 4, as S3 and every S3-compatible store (R2, MinIO, B2, Spaces, GCS's
/// interoperability) check it: an HMAC-SHA256 chain over a canonical form of the request, keyed by
/// the secret, the day, the region and the service. Our own, on `Hashing`, so it is checked against
/// AWS's published examples (libcurl's `CURLOPT_AWS_SIGV4` cannot be) and sends no header an
/// S3-compatible store might refuse (no `x-amz-checksum-*`).
public struct SignatureV4: Sendable {
    /// An access key and its secret, with the session token of temporary credentials.
    public struct Credentials: Sendable, Equatable {
        public let accessKeyID: String
        public let secretAccessKey: String
        public let sessionToken: String?

        public init(accessKeyID: String, secretAccessKey: String, sessionToken: String? = nil) {
            self.accessKeyID = accessKeyID
            self.secretAccessKey = secretAccessKey
            self.sessionToken = sessionToken
        }
    }

    /// The SHA-256 of an empty body, the payload hash of every GET and HEAD.
    public static let emptyPayloadHash = SHA256.hash([UInt8]()).hexString

    public let credentials: Credentials
    /// The bucket's region (`us-east-1`; `auto` for R2).
    public let region: String
    public let service: String

    public init(credentials: Credentials, region: String, service: String = "s3") {
        self.credentials = credentials
        self.region = region
        self.service = service
    }

    /// The headers that sign a request to `host` for `path` (the object's key as stored, not
    /// encoded) with `query`, the request's other `headers` (signed too) and the body's
    /// `payloadHash`: `x-amz-date`, `x-amz-content-sha256`, `x-amz-security-token` with session
    /// credentials, and `Authorization`.
    public func headers(
        method: String, host: String, path: String, query: [(name: String, value: String)] = [], headers: [(name: String, value: String)] = [],
        payloadHash: String = SignatureV4.emptyPayloadHash, date: Date
    ) -> [(name: String, value: String)] {
        let time = Self.timestamp(date)
        var added: [(name: String, value: String)] = [("x-amz-date", time), ("x-amz-content-sha256", payloadHash)]
        if let token = credentials.sessionToken { added.append(("x-amz-security-token", token)) }
        let signed = [("host", host)] + headers + added
        let request = Self.canonicalRequest(method: method, path: path, query: query, headers: signed, payloadHash: payloadHash)
        let scope = "\(time.prefix(8))/\(region)/\(service)/aws4_request"
        let stringToSign = "AWS4-HMAC-SHA256\n\(time)\n\(scope)\n\(SHA256.hash(request.text).hexString)"
        let signature = HMACSHA256.authenticate(Array(stringToSign.utf8), key: signingKey(day: String(time.prefix(8)))).hexString
        let authorization =
            "AWS4-HMAC-SHA256 Credential=\(credentials.accessKeyID)/\(scope), SignedHeaders=\(request.signedHeaders), Signature=\(signature)"
        return added + [("Authorization", authorization)]
    }

    /// The key of one day: HMAC("AWS4" + secret, day), then the region, the service and `aws4_request`.
    func signingKey(day: String) -> [UInt8] {
        [day, region, service, "aws4_request"].reduce(Array(("AWS4" + credentials.secretAccessKey).utf8)) { key, part in
            HMACSHA256.authenticate(Array(part.utf8), key: key)
        }
    }

    /// The canonical request and its signed header names (lower-case, sorted, `;`-separated).
    static func canonicalRequest(
        method: String, path: String, query: [(name: String, value: String)], headers: [(name: String, value: String)], payloadHash: String
    ) -> (text: String, signedHeaders: String) {
        let encoded: [(name: String, value: String)] = query.map {
            (URIEncoding.encode($0.name, keepingSlash: false), URIEncoding.encode($0.value, keepingSlash: false))
        }
        let sorted = encoded.sorted { (a, b) -> Bool in a.name == b.name ? a.value < b.value : a.name < b.name }
        let canonicalQuery = sorted.map { $0.name + "=" + $0.value }.joined(separator: "&")
        let canonicalHeaders = headers.map { (name: $0.name.lowercased(), value: collapsingSpaces($0.value)) }.sorted { $0.name < $1.name }
        let signedHeaders = canonicalHeaders.map(\.name).joined(separator: ";")
        let path = URIEncoding.encode(path.hasPrefix("/") ? path : "/" + path, keepingSlash: true)
        let text = [method, path, canonicalQuery, canonicalHeaders.map { "\($0.name):\($0.value)\n" }.joined(), signedHeaders, payloadHash].joined(
            separator: "\n")
        return (text, signedHeaders)
    }

    /// A header value trimmed, its runs of spaces made one.
    private static func collapsingSpaces(_ value: String) -> String {
        value.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ").trimmingCharacters(in: .whitespaces)
    }

    /// `yyyyMMdd'T'HHmmss'Z'`, in UTC.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(saturating: date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { String(value).leftPadded(to: 2) }
        return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))T\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))Z"
    }
}

extension String {
    /// Zeros before, to `width` characters.
    fileprivate func leftPadded(to width: Int) -> String {
        count >= width ? self : String(repeating: "0", count: width - count) + self
    }
}
