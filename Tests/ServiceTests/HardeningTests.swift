import Cache
import Foundation
import HTTPTestSupport
import Service
import ServiceTestSupport
import Testing

@Suite("signed URLs")
struct SigningTests {
    @Test("the documented test vector")
    func vector() {
        let signer = URLSigner(keys: ["secret"])
        #expect(
            signer.sign("/img/landscape_4.jpg?w=300&h=400&mode=fill")
                == "/img/landscape_4.jpg?w=300&h=400&mode=fill&sig=reAA5J-nrbX3GdxVfXDbzD6WQ-qsiQ7L6EEFuwROTx8")
        #expect(URLSigner.message(path: "/img/a.jpg", query: "w=300&h=400") == "/img/a.jpg?w=300&h=400")
        #expect(URLSigner.message(path: "/img/a.jpg", query: "") == "/img/a.jpg")
        #expect(signer.sign("/img/a.jpg") == "/img/a.jpg?sig=" + signer.sign("/img/a.jpg").split(separator: "=").last!)
    }

    @Test("one signature verifies exactly one spelling of the URL")
    func canonicalSpellingOnly() throws {
        let signer = URLSigner(keys: ["k"])
        let now = 1_000
        let signed = signer.sign("/img/a.jpg?w=30&h=40")
        let (path, query) = Self.split(signed)
        #expect(signer.verify(path: path, query: query, now: now) == .valid)
        let sig = String(query.split(separator: "&").last!.dropFirst(4))
        // The last base64url character carries 2 spare bits; only the canonical one (spare bits 0) passes.
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
        let last = try #require(alphabet.firstIndex(of: sig.last!))
        let spellings = (1..<4).map { String(sig.dropLast()) + String(alphabet[(last & ~3) | ((last + $0) & 3)]) }
        var variants = spellings.map { "w=30&h=40&sig=\($0)" }
        variants += [
            "w=30&&h=40&sig=\(sig)", "w=30&h=40&&sig=\(sig)", "h=40&w=30&sig=\(sig)", "&w=30&h=40&sig=\(sig)",
            "w=30&h=40&sig=\(sig)&", "sig=\(sig)&w=30&h=40", "w=30&h=40&sig=\(sig)=", "w=30&h=40&%73ig=\(sig)",
        ]
        for variant in variants {
            #expect(signer.verify(path: path, query: Substring(variant), now: now) != .valid, "\(variant)")
        }
    }

    @Test("expiry is read as the request parser reads it: percent-encoded keys cannot hide it")
    func expiryAsParsed() {
        let signer = URLSigner(keys: ["k"])
        for target in ["/img/a.jpg?w=30&%65xp=999", "/img/a.jpg?w=30&e%78p=999", "/img/a.jpg?w=30&exp=0999", "/img/a.jpg?exp=999"] {
            let (path, query) = Self.split(signer.sign(target))
            #expect(signer.verify(path: path, query: query, now: 1_000) == .expired, "\(target)")
            #expect(signer.verify(path: path, query: query, now: 999) == .valid, "\(target)")
        }
        for target in ["/img/a.jpg?w=30&exp=-1", "/img/a.jpg?w=30&exp=1e9", "/img/a.jpg?w=30&exp="] {
            let (path, query) = Self.split(signer.sign(target))
            #expect(signer.verify(path: path, query: query, now: 0) == .expired, "\(target)")
        }
    }

    static func split(_ target: String) -> (Substring, Substring) {
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        return (parts[0], parts.count > 1 ? parts[1] : "")
    }

    @Test("with signing on: valid and rotated keys pass; missing, tampered and expired get a bare 403")
    func enforcement() throws {
        let fixture = try ServiceFixture { $0.signingKeys = ["new-key", "old-key"] }
        let target = "/img/dot_green.png?w=40&fmt=png"
        let newSigned = URLSigner(keys: ["new-key"]).sign(target)
        let oldSigned = URLSigner(keys: ["old-key"]).sign(target)
        let first = try fixture.get(newSigned)
        #expect(first.status == 200 && first.header("X-Cache") == "MISS")
        // Another valid signature of the same request shares the cache entry: keys ignore `sig`.
        #expect(try fixture.get(oldSigned).header("X-Cache") == "HIT")
        let now = Int(Date().timeIntervalSince1970)
        #expect(try fixture.get(URLSigner(keys: ["new-key"]).sign(target, expires: now + 60)).status == 200)
        // The same parameters in another order are another URL, with a signature of its own.
        let sig = newSigned.split(separator: "&").last!
        let refused = [
            "/img/dot_green.png?fmt=png&w=40&\(sig)", URLSigner(keys: ["new-key"]).sign(target + "&%65xp=\(now - 1)"),
            target, target + "&sig=", target + "&sig=%%%", newSigned.replacingOccurrences(of: "w=40", with: "w=41"),
            String(newSigned.dropLast()) + (newSigned.last == "A" ? "B" : "A"), URLSigner(keys: ["other"]).sign(target),
            URLSigner(keys: ["new-key"]).sign(target, expires: now - 1),
            URLSigner(keys: ["new-key"]).sign(target, expires: now + 60).replacingOccurrences(of: "exp=\(now + 60)", with: "exp=\(now + 6000)"),
        ]
        for attempt in refused {
            let response = try fixture.get(attempt)
            #expect(response.status == 403, "\(attempt)")
            #expect(response.json == ["error": "forbidden"])
        }
        #expect(try fixture.get("/healthz").status == 200)
    }
}

@Suite("limits before the expensive step")
struct LimitTests {
    /// The first 4 KiB of the sample JPEG with its frame header claiming 65000×65000 pixels.
    static func jpegBomb() throws -> [UInt8] {
        var bytes = [UInt8](try Data(contentsOf: ServiceFixture.samples.appendingPathComponent("landscape_4.jpg")))
        let sof = try #require((0..<bytes.count - 1).first { bytes[$0] == 0xFF && (bytes[$0 + 1] == 0xC0 || bytes[$0 + 1] == 0xC2) })
        for offset in [sof + 5, sof + 7] {
            bytes[offset] = 0xFD
            bytes[offset + 1] = 0xE8
        }
        return Array(bytes.prefix(4096))
    }

    @Test("decompression bombs are refused from their header (422), the server keeps serving")
    func bombs() throws {
        let fixture = try ServiceFixture()
        try Data(try ServiceFixture.pngBomb()).write(to: fixture.root.appendingPathComponent("bomb.png"))
        try Data(try Self.jpegBomb()).write(to: fixture.root.appendingPathComponent("bomb.jpg"))
        for name in ["bomb.png", "bomb.jpg"] {
            let response = try fixture.get("/img/\(name)?w=100")
            #expect(response.status == 422, "\(name): \(response.text)")
            #expect(response.json["error"]?.contains("too large") == true && response.json["param"] == "path")
        }
        #expect(fixture.service.statistics.renders == 2 && fixture.service.cache.statistics.bytesWritten == 0)
        #expect(try fixture.get("/healthz").status == 200)
    }

    @Test("source bytes, output side and pixels, tiles: each refused with its status and reason")
    func limits() throws {
        let fixture = try ServiceFixture {
            $0.render.maxSourceBytes = 1_000_000
            $0.render.maxTiles = 100
        }
        let big = try fixture.get("/img/landscape_4.jpg?w=10")
        #expect(big.status == 422 && big.json["error"]?.contains("1755233 bytes, the limit is 1000000") == true)
        let wide = try fixture.get("/img/dot_green.png?w=9000&h=10&mode=stretch")
        #expect(wide.status == 400 && wide.json["error"]?.contains("longest side allowed is 8192") == true)
        let many = try fixture.get("/img/dot_green.png?w=8000&h=8000&mode=stretch")
        #expect(many.status == 400 && many.json["error"]?.contains("the limit is 40000000 pixels") == true)
        let tiles = try fixture.get("/img/dot_green.png?w=1000&h=1000&mode=tile")
        #expect(tiles.status == 400 && tiles.json["error"]?.contains("tiles") == true)
        let scale = try fixture.get("/img/dot_green.png?w=10&scale=5")
        #expect(scale.status == 400 && scale.json["param"] == "scale")
    }

    @Test("a render past its deadline is stopped: 503, nothing cached, the worker is free again")
    func deadline() throws {
        let fixture = try ServiceFixture {
            $0.render.timeout = .milliseconds(20)
            // Past the estimate's own refusal (400 at once), to reach the deadline that stops libvips.
            $0.render.maxEstimatedTime = .seconds(3600)
            $0.workers = 1
        }
        let slow = try fixture.get("/img/landscape_4.jpg?w=4000&h=3000&mode=fill&fmt=png")
        #expect(slow.status == 503 && slow.json["error"]?.contains("time limit") == true, "\(slow.status) \(slow.text)")
        #expect(fixture.cacheFiles.isEmpty)
        let quick = try fixture.get("/img/dot_green.png?w=20&fmt=png")
        #expect(quick.status == 200)
    }

    @Test("untrusted loaders (SVG) are off: 415")
    func svg() throws {
        let fixture = try ServiceFixture()
        try Data(#"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>"#.utf8)
            .write(to: fixture.root.appendingPathComponent("a.svg"))
        #expect(try fixture.get("/img/a.svg?w=10").status == 415)
    }
}
