import Foundation
import Hashing
@testable import Origins
import Testing

/// The Signature V4 signer against AWS's published S3 examples ("Examples: Signature Calculations in
/// AWS Signature Version 4", S3 API reference): the same canonical requests and signatures.
@Suite("S3 Signature Version 4")
struct SignatureV4Tests {
    static let signer = SignatureV4(
        credentials: .init(accessKeyID: "AKIAIOSFODNN7EXAMPLE", secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"), region: "us-east-1")
    /// Fri, 24 May 2013 00:00:00 GMT.
    static let date = Date(timeIntervalSince1970: 1_369_353_600)
    static let host = "examplebucket.s3.amazonaws.com"

    static func authorization(_ headers: [(name: String, value: String)]) -> String? {
        headers.first { $0.name == "Authorization" }?.value
    }

    @Test("GET Object with Range: canonical request and signature")
    func getObject() throws {
        let range = [(name: "Range", value: "bytes=0-9")]
        let canonical = SignatureV4.canonicalRequest(
            method: "GET", path: "/test.txt", query: [],
            headers: [("host", Self.host)] + range + [("x-amz-content-sha256", SignatureV4.emptyPayloadHash), ("x-amz-date", "20130524T000000Z")],
            payloadHash: SignatureV4.emptyPayloadHash)
        #expect(SHA256.hash(canonical.text).hexString == "7344ae5b7ee6c3e7e6b0fe0640412a37625d1fbfff95c48bbb2dc43964946972")
        let headers = Self.signer.headers(method: "GET", host: Self.host, path: "/test.txt", headers: range, date: Self.date)
        #expect(
            Self.authorization(headers)
                == "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"
        )
        #expect(headers.first { $0.name == "x-amz-date" }?.value == "20130524T000000Z")
    }

    @Test("PUT Object: a key with `$` is encoded once; the body's hash and extra headers are signed")
    func putObject() {
        let body = SHA256.hash(Array("Welcome to Amazon S3.".utf8)).hexString
        #expect(body == "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
        let headers = Self.signer.headers(
            method: "PUT", host: Self.host, path: "/test$file.text",
            headers: [("Date", "Fri, 24 May 2013 00:00:00 GMT"), ("x-amz-storage-class", "REDUCED_REDUNDANCY")], payloadHash: body, date: Self.date)
        #expect(
            Self.authorization(headers)?.hasSuffix(
                "SignedHeaders=date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class, Signature=98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"
            ) == true)
    }

    @Test("GET Bucket Lifecycle and a listing: valueless and sorted query parameters")
    func queries() {
        let lifecycle = Self.signer.headers(method: "GET", host: Self.host, path: "/", query: [("lifecycle", "")], date: Self.date)
        #expect(Self.authorization(lifecycle)?.hasSuffix("Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543") == true)
        let listing = Self.signer.headers(method: "GET", host: Self.host, path: "/", query: [("prefix", "J"), ("max-keys", "2")], date: Self.date)
        #expect(Self.authorization(listing)?.hasSuffix("Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7") == true)
    }

    @Test("session credentials sign their token; keys are encoded once, `/` kept in paths only")
    func tokenAndEncoding() {
        let session = SignatureV4(credentials: .init(accessKeyID: "AKID", secretAccessKey: "secret", sessionToken: "token/+="), region: "auto")
        let headers = session.headers(method: "GET", host: "h", path: "/a b/ü+%.jpg", date: Self.date)
        #expect(headers.first { $0.name == "x-amz-security-token" }?.value == "token/+=")
        #expect(Self.authorization(headers)?.contains("SignedHeaders=host;x-amz-content-sha256;x-amz-date;x-amz-security-token,") == true)
        #expect(Self.authorization(headers)?.contains("/20130524/auto/s3/aws4_request") == true)
        #expect(URIEncoding.encode("/a b/ü+%.jpg", keepingSlash: true) == "/a%20b/%C3%BC%2B%25.jpg")
        #expect(URIEncoding.encode("a/b=c", keepingSlash: false) == "a%2Fb%3Dc")
    }
}
