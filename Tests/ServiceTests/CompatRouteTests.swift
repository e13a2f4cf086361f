import Foundation
import HTTPTestSupport
@testable import Service
import ServiceTestSupport
import Testing
import Hashing
import Origins
import Vips

/// imgproxy's and thumbor's URL formats on a real server over `Samples/`: imgproxy's own size rules
/// (`Tests/Support/imgproxy-vectors.json`, made by a port of its Go code, `imgproxy_sizes.py`) and
/// signing examples, thumbor's signatures, one cache entry and ETag for a foreign URL and its native
/// spelling, and a 400 naming what has no equivalent. thumbor's pixels are compared with a real
/// thumbor by `Tests/Compat/thumbor_compat_test.py`.
@Suite("imgproxy and thumbor URLs")
struct CompatRouteTests {
    static let support = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../Support").standardizedFileURL

    /// The documented example key and salt ("secret", "hello"), and a thumbor key.
    static func fixture(imgproxyKey: String = "", salt: String = "", signatureSize: Int = 32, thumborKey: String = "") throws -> ServiceFixture {
        try ServiceFixture { configuration in
            configuration.root = ServiceFixture.samples.path
            configuration.compat.imgproxy = "/_ip"
            configuration.compat.imgproxyKey = imgproxyKey
            configuration.compat.imgproxySalt = salt
            configuration.compat.imgproxySignatureSize = signatureSize
            configuration.compat.thumbor = "/_tb"
            configuration.compat.thumborKey = thumborKey
        }
    }

    struct SizeCase: Decodable {
        let path: String
        let size: [Int]
        let why: String
    }

    /// imgproxy options ImageFrame refuses with a 400 naming them (docs/migrating.md says why).
    static let refused = ["c", "crop", "exar", "g", "extend"]

    /// Where ImageFrame's answer differs from imgproxy's, on purpose and documented: with `el:0` and
    /// `extend`, imgproxy lowers `dpr` for a source smaller than the box; ImageFrame keeps the box × dpr.
    static let differences: [String: [Int]] = ["dpr:2/rs:fit:300:300:0:1/plain/local:///dot_green.png": [600, 600]]

    @Test("imgproxy URLs answer the sizes imgproxy's own rules give, or a 400 naming the option")
    func imgproxySizes() throws {
        let cases = try JSONDecoder().decode([SizeCase].self, from: Data(contentsOf: Self.support.appendingPathComponent("imgproxy-vectors.json")))
        #expect(cases.count >= 40)
        let fixture = try Self.fixture()
        var matched = 0
        for item in cases {
            let response = try fixture.get("/_ip/insecure/" + item.path)
            if response.status == 400 {
                let option = response.json["param"] ?? ""
                #expect(Self.refused.contains(option), "\(item.path): \(response.text)")
                continue
            }
            #expect(response.status == 200, "\(item.path): \(response.text.prefix(300))")
            guard response.status == 200 else { continue }
            let image = try VImage.decode(response.body)
            let expected = Self.differences[item.path] ?? item.size
            #expect([image.width, image.height] == expected, "\(item.path): \(item.why)")
            if [image.width, image.height] == item.size { matched += 1 }
        }
        #expect(matched >= 60, "\(matched) of \(cases.count) URLs have imgproxy's size")
    }

    struct SignatureCase: Decodable {
        let key: String
        let salt: String
        let path: String
        let signature: String
        let size: Int
    }

    @Test("imgproxy's documented signatures verify, and a tampered or re-ordered URL is 403")
    func imgproxySignatures() throws {
        let cases = try JSONDecoder().decode(
            [SignatureCase].self, from: Data(contentsOf: Self.support.appendingPathComponent("imgproxy-signatures.json")))
        for item in cases {
            let signer = try #require(
                ImgproxySignature.hexBytes(item.key).flatMap { key in
                    ImgproxySignature.hexBytes(item.salt).map { ImgproxySignature(key: key, salt: $0, size: item.size) }
                })
            #expect(signer.verify(Substring(item.signature), signedPath: Substring(item.path)), "\(item.path)")
            #expect(!signer.verify(Substring(item.signature), signedPath: Substring(item.path + "x")))
        }
        // The documented example, served: key "secret", salt "hello".
        let fixture = try Self.fixture(imgproxyKey: "736563726574", salt: "68656C6C6F")
        let path = "/rs:fit:300:300/plain/local:///landscape_4.jpg"
        let signer = ImgproxySignature(key: Array("secret".utf8), salt: Array("hello".utf8), size: 32)
        let signature = Base64URL.encode(Array(HMACSHA256Bytes.mac(salt: "hello", key: "secret", path: path)))
        #expect(signer.verify(Substring(signature), signedPath: Substring(path)))
        #expect(try fixture.get("/_ip/\(signature)\(path)").status == 200)
        #expect(try fixture.get("/_ip/\(signature)/rs:fit:300:301/plain/local:///landscape_4.jpg").status == 403, "tampered")
        #expect(try fixture.get("/_ip/\(signature)/plain/local:///landscape_4.jpg/rs:fit:300:300").status == 403, "re-ordered")
        #expect(try fixture.get("/_ip/insecure\(path)").status == 403, "unsigned while a key is set")
    }

    @Test("an imgproxy URL, its thumbor twin and its native spelling share one ETag and one cache entry")
    func oneMeaningOneEntry() throws {
        let fixture = try Self.fixture()
        let native = try fixture.get("/img/landscape_4.jpg?w=300&h=200&mode=fill&clip=1&align=top&canvas=nearest&fmt=jpeg")
        let imgproxy = try fixture.get("/_ip/_/rs:fill:300:200:1/g:no/plain/local:///landscape_4.jpg")
        let thumbor = try fixture.get("/_tb/unsafe/300x200/top/landscape_4.jpg")
        #expect(native.status == 200 && imgproxy.status == 200 && thumbor.status == 200)
        #expect(native.header("X-Cache") == "MISS" && imgproxy.header("X-Cache") == "HIT" && thumbor.header("X-Cache") == "HIT")
        #expect(imgproxy.header("ETag") == native.header("ETag") && thumbor.header("ETag") == native.header("ETag"))
        // Non-enlarging fill, as both draw it, and its chain written out natively.
        let small = try fixture.get("/_ip/_/rs:fill:300:300/plain/dot_green.png")
        let tiny = try fixture.get("/_tb/unsafe/300x300/filters:no_upscale()/dot_green.png")
        #expect(small.status == 200 && tiny.header("ETag") == small.header("ETag"))
        #expect(try VImage.decode(small.body).width == 34)
    }

    @Test("thumbor's signatures: libthumbor's HMAC-SHA1 verifies; tampered, re-ordered and unsafe URLs are 403")
    func thumborSignatures() throws {
        let fixture = try Self.fixture(thumborKey: "MY_SECURE_KEY")
        // libthumbor 2.0.2: CryptoURL(key="MY_SECURE_KEY").generate(width=300, height=200, smart=True, image_url="landscape_4.jpg")
        let signed = "/_tb/sCFYVi7QJ89V9bnqZnq2vIfZyoc=/300x200/smart/landscape_4.jpg"
        #expect(
            ThumborSignature(key: Array("MY_SECURE_KEY".utf8)).verify("sCFYVi7QJ89V9bnqZnq2vIfZyoc=", signedPath: "300x200/smart/landscape_4.jpg"))
        #expect(try fixture.get(signed).status == 200)
        #expect(try fixture.get(signed.replacingOccurrences(of: "300x200", with: "301x200")).status == 403)
        #expect(try fixture.get(signed.replacingOccurrences(of: "300x200/smart", with: "smart/300x200")).status == 403)
        #expect(try fixture.get("/_tb/unsafe/300x200/smart/landscape_4.jpg").status == 403)
    }

    @Test(
        "what has no equivalent is a 400 naming it",
        arguments: [
            ("/_ip/_/zoom:2/plain/local:///landscape_4.jpg", "zoom"), ("/_ip/_/rs:auto:300:200/plain/landscape_4.jpg", "resizing_type"),
            ("/_tb/unsafe/filters:sepia()/landscape_4.jpg", "sepia"), ("/_tb/unsafe/adaptive-fit-in/300x200/landscape_4.jpg", "adaptive-fit-in"),
            ("/_tb/unsafe/300x200/https://example.com/a.jpg", "image"), ("/_ip/_/rs:fit:300:300/plain/https://example.com/a.jpg", "source"),
        ])
    func refusals(_ target: String, _ option: String) throws {
        let response = try Self.fixture().get(target)
        #expect(response.status == 400 && response.json["param"] == option, "\(response.text)")
    }

    @Test("an imgproxy source URL names a configured origin's source: HTTP(S) by its base URL, S3 as s3://bucket/prefix/ too")
    func originSources() throws {
        let origins = try OriginMap("cdn=https://assets.example.com/img/, media=s3://shop-originals/products/")
        #expect(ImageService.sourceName(of: "https://assets.example.com/img/a%20b/c.jpg", in: origins) == "cdn/a b/c.jpg")
        #expect(ImageService.sourceName(of: "s3://shop-originals/products/shoes/1.jpg", in: origins) == "media/shoes/1.jpg")
        #expect(ImageService.sourceName(of: "https://assets.example.com/other/a.jpg", in: origins) == nil)
        #expect(ImageService.sourceName(of: "https://assets.example.com/img/../secret.jpg", in: origins) == nil)
        #expect(ImageService.sourceName(of: "s3://other-bucket/products/1.jpg", in: origins) == nil)
    }

    @Test("a full-size JPEG turned by its EXIF orientation renders (a sequential decode cannot turn it)")
    func turnedFullSize() throws {
        let fixture = try Self.fixture()
        let response = try fixture.get("/_ip/_/rot:90/plain/local:///landscape_4.jpg")
        #expect(response.status == 200, "\(response.text.prefix(200))")
        let image = try VImage.decode(response.body)
        #expect(image.width == 3024 && image.height == 4032)
    }
}

/// imgproxy's MAC as its documentation computes it: HMAC-SHA256(key, salt + path).
enum HMACSHA256Bytes {
    static func mac(salt: String, key: String, path: String) -> [UInt8] {
        HMACSHA256.authenticate(Array(salt.utf8) + Array(path.utf8), key: Array(key.utf8))
    }
}
