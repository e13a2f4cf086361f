import CheckedConversion
import Foundation
import Hashing
import Synchronization

/// Signed requests to one bucket (`S3Bucket`) over `OriginClient`'s transfers: our own Signature V4
/// with the bucket's credentials, and S3's answers turned into `OriginError`s that a user can act
/// on. Two of S3's refusals are retried once: an expired token (with fresh credentials) and
/// `RequestTimeTooSkewed` (with the server's clock, remembered for later requests).
final class S3Client: Sendable {
    /// The bucket, as an origin: its name for messages, its host and whether the address rule applies.
    let origin: OriginMap.Origin
    let bucket: S3Bucket
    let credentials: CredentialProvider
    let client: OriginClient
    /// Seconds to add to this machine's clock to get S3's, learnt from a `RequestTimeTooSkewed`.
    private let clockOffset = Atomic<Int>(0)

    init(origin: OriginMap.Origin, bucket: S3Bucket, credentials: CredentialProvider, client: OriginClient) {
        self.origin = origin
        self.bucket = bucket
        self.credentials = credentials
        self.client = client
    }

    /// What a HEAD tells of an object.
    struct Head: Sendable, Equatable {
        let bytes: Int
        let validators: OriginClient.Validators
    }

    /// GETs the object `key` (a 2xx body into `descriptor`, else into memory), conditionally when
    /// `validators` are given. `source` names the image in errors.
    func get(
        _ key: String, source: String, validators: OriginClient.Validators? = nil, into descriptor: Int32? = nil, deadline: ContinuousClock.Instant,
        maxBytes: Int? = nil
    ) throws(OriginError) -> OriginClient.Outcome {
        let response = try send(
            "GET", key, headers: validators?.conditionalHeaders ?? [], source: source, into: descriptor, deadline: deadline, maxBytes: maxBytes)
        switch response.status {
        case 200: return .downloaded(bytes: response.bodyBytes, validators: OriginClient.Validators(of: response), digest: response.digest)
        case 304 where validators != nil: return .notModified
        default: throw error(for: response, source: source)
        }
    }

    /// GETs a small object into memory: its body, or `nil` when there is none (404).
    func read(_ key: String, source: String, deadline: ContinuousClock.Instant, maxBytes: Int) throws(OriginError) -> [UInt8]? {
        let response = try send("GET", key, source: source, into: nil, deadline: deadline, maxBytes: maxBytes)
        switch response.status {
        case 200: return response.body
        case 404: return nil
        default: throw error(for: response, source: source)
        }
    }

    /// HEADs the object `key`: its size and validators.
    func head(_ key: String, source: String, deadline: ContinuousClock.Instant) throws(OriginError) -> Head {
        let response = try send("HEAD", key, source: source, into: nil, deadline: deadline)
        guard response.status == 200 else {
            // A HEAD's refusal has no body: the first byte asked for by GET brings S3's error document, for the log.
            guard response.status == 400 || response.status == 403, Self.code(of: response) == nil else { throw error(for: response, source: source) }
            let explained = try send(
                "GET", key, headers: ["Range: bytes=0-0"], source: source, into: nil, deadline: deadline, maxBytes: CurlTransfer.errorBodyBytes)
            throw error(for: (200..<300).contains(explained.status) ? response : explained, source: source)
        }
        guard let length = response.headers["content-length"].flatMap({ Int($0) }), length >= 0 else {
            throw .unavailable(source, reason: "\(bucket.displayName) answered a HEAD without Content-Length")
        }
        return Head(bytes: length, validators: OriginClient.Validators(of: response))
    }

    /// PUTs `body` as the object `key`.
    func put(_ key: String, body: [UInt8], contentType: String, source: String, deadline: ContinuousClock.Instant) throws(OriginError) {
        let response = try send(
            "PUT", key, headers: ["Content-Type: \(contentType)", "Expect:"], body: body, source: source, into: nil, deadline: deadline)
        guard (200..<300).contains(response.status) else { throw error(for: response, source: source) }
    }

    /// DELETEs the object `key`; S3 answers 204 whether or not it was there.
    func delete(_ key: String, source: String, deadline: ContinuousClock.Instant) throws(OriginError) {
        let response = try send("DELETE", key, source: source, into: nil, deadline: deadline)
        guard (200..<300).contains(response.status) || response.status == 404 else { throw error(for: response, source: source) }
    }

    /// One signed request, and its one retry when S3 says the token expired or the clocks differ.
    private func send(
        _ method: String, _ key: String, headers: [String] = [], body: [UInt8] = [], source: String, into descriptor: Int32?,
        deadline: ContinuousClock.Instant, maxBytes: Int? = nil
    ) throws(OriginError) -> CurlTransfer.Response {
        var retried = false
        while true {
            var request = try client.request(
                origin, url: bucket.url(of: key), method: method, headers: headers, source: source, deadline: deadline, maxBytes: maxBytes)
            request.body = body
            request.headers += try signature(method, key, body: body, source: source)
            let response = try client.perform(request, source: source, into: descriptor)
            guard !retried, (400..<500).contains(response.status), shouldRetry(response) else { return response }
            retried = true
        }
    }

    /// The signature's header lines for a request now (by S3's clock as last learnt).
    private func signature(_ method: String, _ key: String, body: [UInt8], source: String) throws(OriginError) -> [String] {
        let signing: SignatureV4.Credentials?
        do {
            signing = try credentials.credentials()
        } catch {
            throw .denied(source, origin: origin.name, status: 0, detail: "no credentials for \(bucket.displayName): \(error.description)")
        }
        guard let signing else { return [] }
        let date = Date().addingTimeInterval(TimeInterval(clockOffset.load(ordering: .relaxed)))
        let payload = method == "PUT" || method == "POST" ? SHA256.hash(body).hexString : SignatureV4.emptyPayloadHash
        return SignatureV4(credentials: signing, region: bucket.region)
            .headers(method: method, host: bucket.hostHeader, path: bucket.objectPath(key), payloadHash: payload, date: date)
            .map { "\($0.name): \($0.value)" }
    }

    /// Whether a refusal is one a second try can mend, readying that try: an expired token (fresh
    /// credentials) or a clock S3 finds too far from its own (S3's time taken). A HEAD's refusal
    /// has no body to tell which: its `Date` and temporary credentials decide.
    private func shouldRetry(_ response: CurlTransfer.Response) -> Bool {
        let code = Self.code(of: response)
        let serverTime =
            XMLText.first("ServerTime", in: String(decoding: response.body, as: UTF8.self)).flatMap(CredentialEndpoint.date)
            ?? response.headers["date"].flatMap(Self.httpDate)
        let skew = serverTime.map { Int(saturating: $0.timeIntervalSince(Date()).rounded()) }
        if let skew, code == "RequestTimeTooSkewed" || (code == nil && abs(skew - clockOffset.load(ordering: .relaxed)) > 300) {
            clockOffset.store(skew, ordering: .relaxed)
            return true
        }
        if credentials.isRefreshable, code.map(Self.expiredTokenCodes.contains) ?? (response.status == 400 || response.status == 403) {
            credentials.invalidate()
            return true
        }
        return false
    }

    private static let expiredTokenCodes: Set<String> = ["ExpiredToken", "ExpiredTokenException", "TokenRefreshRequired", "InvalidToken"]

    /// S3's error code: the error document's `<Code>`, else the `x-amz-error-code` some stores send with a HEAD.
    private static func code(of response: CurlTransfer.Response) -> String? {
        XMLText.first("Code", in: String(decoding: response.body, as: UTF8.self)) ?? response.headers["x-amz-error-code"]
    }

    /// S3's refusal as an error: a missing key is 404; the wrong region names the bucket's; access,
    /// signature and key refusals carry S3's code and message (never a secret) for the log.
    func error(for response: CurlTransfer.Response, source: String) -> OriginError {
        let code = Self.code(of: response)
        let document = String(decoding: response.body, as: UTF8.self)
        let region = response.headers["x-amz-bucket-region"] ?? XMLText.first("Region", in: document)
        if let region, region != bucket.region {
            return .denied(
                source, origin: origin.name, status: response.status,
                detail: "bucket `\(bucket.name)` is in region \(region), not \(bucket.region): set origins.\(origin.name).region = \(region)")
        }
        switch (response.status, code) {
        case (404, "NoSuchBucket"):
            return .denied(
                source, origin: origin.name, status: 404, detail: "S3 NoSuchBucket: bucket `\(bucket.name)` does not exist at \(bucket.hostHeader)")
        case (404, _), (410, _): return .notFound(source)
        case (500..<600, _): return .failed(source, status: response.status)
        default:
            let message = XMLText.first("Message", in: document).map { ": \($0)" } ?? ""
            let signed = credentials.source == .none ? "unsigned (credentials: none)" : "signed with \(credentials.source.rawValue) credentials"
            return .denied(
                source, origin: origin.name, status: response.status,
                detail: "S3 \(code ?? "error without a code")\(message) (\(bucket.displayName), \(signed))")
        }
    }

    /// An HTTP date (`Sat, 28 Nov 2026 10:00:00 GMT`).
    static func httpDate(_ text: String) -> Date? {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss zzz"
        return formatter.date(from: text)
    }
}
