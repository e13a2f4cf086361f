import Foundation
import HTTPTestSupport
import Origins
import Service
import ServiceTestSupport
import Testing

/// Originals in S3 buckets, against real S3 servers that check signatures (`S3TestServer`): rclone
/// for signed reads, S3's refusals, versions from HEADs and both addressing styles; moto for the
/// web-identity flow and its session tokens.
@Suite("S3 origins", .serialized)
struct S3OriginTests {
    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: ServiceFixture.samples.appendingPathComponent(name)))
    }

    /// The keys rclone checks, as the environment gives them.
    static let keys = S3TestServer.environmentKeys

    /// A service whose origin `media` is `s3://photos/cat/` at `server` (or `endpoint`), signed with `environment`'s credentials.
    static func service(
        _ server: S3TestServer?, environment: [String: String] = keys, credentials: CredentialSource = .env, addressing: S3Bucket.Addressing = .path,
        endpoint: String? = nil, log: LogRecorder? = nil, _ configure: (inout ServiceConfiguration) -> Void = { _ in }
    ) throws -> ServiceFixture {
        try ServiceFixture(
            { configuration in
                var options = S3Bucket.Options()
                options.endpoint = endpoint ?? server?.endpoint
                options.credentials = credentials
                options.addressing = addressing
                configuration.origins = try! OriginMap("media=s3://photos/cat/", internal: "media", options: ["media": options])
                configuration.environment = environment
                configuration.sourceCheck = .zero
                configuration.originsRevalidateAfter = .seconds(60)
                configure(&configuration)
            }, log: log)
    }

    @Test("a private object renders, signed with the environment's keys")
    func privateObject() throws {
        let server = try S3TestServer(.rclone, buckets: ["photos"])
        try server.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        let fixture = try Self.service(server)
        let response = try fixture.get("/img/media/a.jpg?w=120&fmt=png")
        #expect(response.status == 200)
        #expect(response.header("Content-Type") == "image/png")
        #expect(Array(response.body.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
        // Unsigned, the same object is refused: the bucket is private.
        let unsigned = try Self.service(server, environment: [:], credentials: .none)
        #expect(try unsigned.get("/img/media/a.jpg?w=120").status == 502)
    }

    @Test("a wrong secret is a 502 naming the origin; S3's code is in the log; the secret is nowhere")
    func wrongSecret() throws {
        let server = try S3TestServer(.rclone, buckets: ["photos"])
        try server.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        let secret = "wrong-secret-that-must-not-leak"
        let log = LogRecorder()
        let fixture = try Self.service(server, environment: ["AWS_ACCESS_KEY_ID": S3TestServer.accessKey, "AWS_SECRET_ACCESS_KEY": secret], log: log)
        let response = try fixture.get("/img/media/a.jpg?w=120")
        #expect(response.status == 502)
        #expect(response.text.contains("`media`"), "\(response.text)")
        #expect(!response.text.contains(secret) && !log.text.contains(secret))
        #expect(log.text.contains("SignatureDoesNotMatch"), "\(log.text)")
        // An unknown key: S3's own code for it.
        let unknown = LogRecorder()
        let other = try Self.service(server, environment: ["AWS_ACCESS_KEY_ID": "AKIDUNKNOWN", "AWS_SECRET_ACCESS_KEY": secret], log: unknown)
        #expect(try other.get("/img/media/a.jpg?w=120").status == 502)
        #expect(unknown.text.contains("InvalidAccessKeyId") && !unknown.text.contains(secret), "\(unknown.text)")
    }

    @Test("a missing key is a 404")
    func missingKey() throws {
        let server = try S3TestServer(.rclone, buckets: ["photos"])
        let fixture = try Self.service(server)
        let response = try fixture.get("/img/media/nothing-here.jpg?w=120")
        #expect(response.status == 404)
        #expect(response.text.contains("media/nothing-here.jpg"))
    }

    @Test("a replaced object gets a new ETag once its HEAD is asked again")
    func replacedObject() throws {
        let server = try S3TestServer(.rclone, buckets: ["photos"])
        try server.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        let fixture = try Self.service(server) { $0.originsRevalidateAfter = .zero }
        let first = try fixture.get("/img/media/a.jpg?w=64")
        #expect(first.status == 200)
        #expect(try fixture.get("/img/media/a.jpg?w=64").header("ETag") == first.header("ETag"))
        try server.put("photos", "cat/a.jpg", try Self.sample("avatar.jpg"))
        let replaced = try fixture.get("/img/media/a.jpg?w=64")
        #expect(replaced.status == 200)
        #expect(replaced.header("ETag") != first.header("ETag"))
        #expect(replaced.header("X-Cache") == "MISS")
    }

    @Test("a result is found by the object's HEAD, without downloading the original")
    func versionWithoutDownload() throws {
        let server = try S3TestServer(.rclone, buckets: ["photos"])
        try server.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        let first = try Self.service(server)
        let rendered = try first.get("/img/media/a.jpg?w=80")
        #expect(rendered.header("X-Cache") == "MISS")
        // A second replica that shares the result cache but has no originals of its own.
        let originals = FileManager.default.temporaryDirectory.appendingPathComponent("originals-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: originals) }
        let second = try Self.service(server) { configuration in
            configuration.cacheDirectory = first.cacheFolder.path
            configuration.originsCacheDirectory = originals
        }
        let hit = try second.get("/img/media/a.jpg?w=80")
        #expect(hit.status == 200 && hit.header("X-Cache") == "HIT")
        #expect(hit.header("ETag") == rendered.header("ETag"))
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: originals)) ?? []).isEmpty, "no original was downloaded")
    }

    @Test("path-style and virtual-host addressing both reach the bucket")
    func addressing() throws {
        let pathServer = try S3TestServer(.rclone, buckets: ["photos"])
        try pathServer.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        let path = try Self.service(pathServer, addressing: .path)
        #expect(try path.get("/img/media/a.jpg?w=50").status == 200)
        let server = try S3TestServer(.rclone, buckets: ["photos"], virtualHosts: true)
        try server.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        // photos.localhost: curl resolves every *.localhost name to loopback.
        let virtual = try Self.service(server, addressing: .virtual, endpoint: "http://localhost:\(server.port)")
        let response = try virtual.get("/img/media/a.jpg?w=51")
        #expect(response.status == 200, "\(response.text)")
    }

    @Test("web identity: STS is asked with the token file, and the session credentials sign the reads")
    func webIdentity() throws {
        let server = try S3TestServer(.moto, buckets: ["photos"])
        try server.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        try server.createRole("imgframe")
        // The first request moto sees next is the service's STS exchange, which moto would want signed.
        try server.requireSignatures(after: 1)
        let token = FileManager.default.temporaryDirectory.appendingPathComponent("token-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: token) }
        try Data("eyJ-test-token".utf8).write(to: URL(fileURLWithPath: token))
        let environment = [
            "AWS_ROLE_ARN": "arn:aws:iam::123456789012:role/imgframe", "AWS_WEB_IDENTITY_TOKEN_FILE": token,
            "AWS_ENDPOINT_URL_STS": server.endpoint + "/",
        ]
        let fixture = try Self.service(server, environment: environment, credentials: .auto)
        let response = try fixture.get("/img/media/a.jpg?w=90")
        #expect(response.status == 200, "\(response.text)")
        #expect(try fixture.get("/img/media/missing.jpg?w=90").status == 404)
        // The same server refuses unsigned reads now.
        let unsigned = try Self.service(server, environment: [:], credentials: .none)
        #expect(try unsigned.get("/img/media/a.jpg?w=90").status == 502)
        // A token file that cannot be read is an error, not a fall to unsigned requests.
        let broken = try Self.service(
            server, environment: environment.merging(["AWS_WEB_IDENTITY_TOKEN_FILE": token + ".gone"]) { $1 }, credentials: .webIdentity)
        #expect(try broken.get("/img/media/a.jpg?w=91").status == 502)
    }

    /// A canned S3 answer: `status`, more header lines, and an error document with `code`.
    static func canned(_ status: String, headers: [String] = [], code: String) -> [UInt8] {
        let body = "<?xml version=\"1.0\" encoding=\"UTF-8\"?><Error><Code>\(code)</Code><Message>canned</Message></Error>"
        return Array(
            ("HTTP/1.1 \(status)\r\n" + headers.map { $0 + "\r\n" }.joined()
                + "Content-Type: application/xml\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n" + body).utf8)
    }

    @Test("RequestTimeTooSkewed is tried again by S3's clock, from its Date")
    func clockSkew() throws {
        let ahead = Date().addingTimeInterval(3600)
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        let store = try CannedOrigin(
            response: Self.canned("403 Forbidden", headers: ["Date: \(formatter.string(from: ahead))"], code: "RequestTimeTooSkewed"))
        let log = LogRecorder()
        let fixture = try Self.service(nil, endpoint: "http://127.0.0.1:\(store.port)", log: log)
        #expect(try fixture.get("/img/media/a.jpg?w=10").status == 502)
        let dates = store.requests.compactMap { head in
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("x-amz-date:") }.map {
                String($0.dropFirst(11)).trimmingCharacters(in: .whitespaces)
            }
        }
        #expect(dates.count >= 2, "\(store.requests)")
        // yyyyMMddTHHmmssZ: the retry is signed an hour later than the first try.
        let parse = DateFormatter()
        parse.locale = Locale(identifier: "en_US_POSIX")
        parse.timeZone = TimeZone(identifier: "GMT")
        parse.dateFormat = "yyyyMMdd'T'HHmmss'Z'"
        if dates.count >= 2, let first = parse.date(from: dates[0]), let second = parse.date(from: dates[1]) {
            #expect(abs(second.timeIntervalSince(first) - 3600) < 60, "\(dates)")
        }
        #expect(log.text.contains("RequestTimeTooSkewed"), "\(log.text)")
    }

    @Test("a bucket in another region: the log names its region and the key to set")
    func wrongRegion() throws {
        let store = try CannedOrigin(
            response: Self.canned("301 Moved Permanently", headers: ["x-amz-bucket-region: eu-west-1"], code: "PermanentRedirect"))
        let log = LogRecorder()
        let fixture = try Self.service(nil, endpoint: "http://127.0.0.1:\(store.port)", log: log)
        let response = try fixture.get("/img/media/a.jpg?w=10")
        #expect(response.status == 502)
        #expect(log.text.contains("origins.media.region = eu-west-1"), "\(log.text)")
    }

    @Test("container credentials: the endpoint is asked with the token file's contents, and its keys sign the reads")
    func containerCredentials() throws {
        let server = try S3TestServer(.rclone, buckets: ["photos"])
        try server.put("photos", "cat/a.jpg", try Self.sample("landscape_4.jpg"))
        let expiration = ISO8601DateFormatter().string(from: Date().addingTimeInterval(3600))
        let json =
            #"{"AccessKeyId":"\#(S3TestServer.accessKey)","SecretAccessKey":"\#(S3TestServer.secretKey)","Token":"session-token","Expiration":"\#(expiration)"}"#
        let endpoint = try CannedOrigin(
            response: Array(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: \(json.utf8.count)\r\nConnection: close\r\n\r\n\(json)".utf8))
        let token = FileManager.default.temporaryDirectory.appendingPathComponent("pod-token-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: token) }
        try Data("pod-identity-token\n".utf8).write(to: URL(fileURLWithPath: token))
        let environment = [
            "AWS_CONTAINER_CREDENTIALS_FULL_URI": "http://127.0.0.1:\(endpoint.port)/v1/credentials", "AWS_CONTAINER_AUTHORIZATION_TOKEN_FILE": token,
        ]
        let fixture = try Self.service(server, environment: environment, credentials: .auto)
        let response = try fixture.get("/img/media/a.jpg?w=70")
        #expect(response.status == 200, "\(response.text)")
        #expect(try fixture.get("/img/media/a.jpg?w=71").status == 200)
        // Asked once (the credentials last an hour), with the token as the Authorization header.
        #expect(endpoint.requests.count == 1)
        #expect(endpoint.requests.first?.contains("Authorization: pod-identity-token\r\n") == true, "\(endpoint.requests)")
    }

    @Test("configuration: per-origin bucket settings, from the file or the environment, checked at start")
    func configuration() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("s3-\(UUID().uuidString).conf").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        try "origins = media=s3://photos/cat/\norigins.media.region = eu-west-1\norigins.media.credentials = none\n".write(
            toFile: file, atomically: true, encoding: .utf8)
        let loaded = try ConfigurationLoader.load(file: file, environment: ["IMGFRAME_ORIGINS_MEDIA_ADDRESSING": "path"], flags: [])
        let bucket = try #require(loaded.origins.origins.first?.bucket)
        #expect(bucket.region == "eu-west-1" && bucket.isPathStyle && bucket.host == "s3.eu-west-1.amazonaws.com")
        #expect(bucket.url(of: "a b.jpg") == "https://s3.eu-west-1.amazonaws.com/photos/cat/a%20b.jpg")
        let virtual = try S3Bucket(url: "s3://photos/", options: S3Bucket.Options())
        #expect(virtual.host == "photos.s3.us-east-1.amazonaws.com" && virtual.objectPath("a.jpg") == "/a.jpg")
        // A named source that the environment does not set up stops start-up, saying what is missing.
        #expect {
            _ = try ConfigurationLoader.load(
                file: nil, environment: [:], flags: [("origins", "media=s3://photos/"), ("origins.media.credentials", "env")])
        } throws: { "\($0)".contains("AWS_ACCESS_KEY_ID") }
        #expect {
            _ = try ConfigurationLoader.load(
                file: nil, environment: [:], flags: [("origins", "media=s3://photos/"), ("origins.other.region", "eu-west-1")])
        } throws: { "\($0)".contains("`other` is not in origins") }
        #expect {
            _ = try ConfigurationLoader.load(
                file: nil, environment: [:], flags: [("origins", "cdn=https://example.com/"), ("origins.cdn.region", "eu-west-1")])
        } throws: { "\($0)".contains("for s3:// origins") }
        #expect {
            _ = try ConfigurationLoader.load(file: nil, environment: [:], flags: [("origins", "media=s3://Bad_Bucket/")])
        } throws: { "\($0)".contains("is not a bucket name") }
    }
}
