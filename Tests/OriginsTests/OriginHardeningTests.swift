import Foundation
import HTTPTestSupport
@testable import Origins
import Service
import ServiceTestSupport
import Testing
#if canImport(Glibc)
    import Glibc
#endif

/// What an origin cannot make the service do, and what a client cannot learn about origins: a
/// validator with a control character is never sent back, the whole fetch keeps to
/// `origins.timeout`, this host's own addresses are refused like loopback, IPv6-literal origins are
/// reached, and error bodies name only the source.
@Suite("Origins: validators, deadlines, addresses and public errors", .serialized)
struct OriginHardeningTests {
    static func sample(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: ServiceFixture.samples.appendingPathComponent(name)))
    }

    /// A canned `200` with `body` and the extra header lines `headers` (each ending CRLF).
    static func response(_ body: [UInt8], headers: String) -> [UInt8] {
        Array("HTTP/1.1 200 OK\r\nContent-Type: image/png\r\nContent-Length: \(body.count)\r\n\(headers)Connection: close\r\n\r\n".utf8) + body
    }

    @Test("an ETag with a bare CR is dropped when received, so revalidation sends no injected header")
    func controlCharacterInValidator() throws {
        let origin = try CannedOrigin(response: Self.response(try Self.sample("dot_green.png"), headers: "ETag: \"a\rInjected: 1\"\r\n"))
        let fixture = try ServiceFixture { configuration in
            configuration.origins = try! OriginMap("raw=\(origin.url)", internal: "raw")
            configuration.sourceCheck = .zero
            configuration.originsRevalidateAfter = .zero  // the second request revalidates
        }
        #expect(try fixture.get("/img/raw/dot.png?w=8&fmt=png").status == 200)
        #expect(try fixture.get("/img/raw/dot.png?w=8&fmt=png").status == 200)
        let requests = origin.requests
        #expect(requests.count == 2)
        #expect(requests.allSatisfy { !$0.contains("Injected") && !$0.contains("If-None-Match") }, "\(requests)")
    }

    @Test(
        "validators are checked for control characters",
        arguments: [
            ("\"abc\"", true), ("W/\"x-1\"", true), ("Tue, 24 Nov 2026 02:00:00 GMT", true),
            ("\"a\rInjected: 1\"", false), ("\"a\nb\"", false), ("\"a\u{0}b\"", false), ("\"a\u{7F}\"", false), ("\"a\tb\"", false),
        ])
    func validatorCheck(value: String, kept: Bool) {
        #expect((OriginClient.Validators.checked(value) != nil) == kept)
    }

    /// Two originals that each take under `origins.timeout` from the 2 KB/s location, but
    /// longer than it together: one request naming both must still end by the timeout.
    @Test("origins.timeout bounds the whole fetch of a request's originals, not each download")
    func requestDeadline() throws {
        let origin = try TestOrigin()
        // ~3 KB each: about 1 s at 2 KB/s (trailing bytes after IEND are ignored by decoders).
        let padded = try Self.sample("dot_green.png") + [UInt8](repeating: 0, count: 2500)
        try origin.write("a.png", padded)
        try origin.write("b.png", padded)
        let fixture = try HTTPOriginTests.service(origin) { $0.originsTimeout = .milliseconds(1500) }
        let started = ContinuousClock.now
        let response = try fixture.get("/img/slow/a.png?w=40&h=40&overlay=slow/b.png")
        let elapsed = ContinuousClock.now - started
        #expect(response.status == 504 && response.text.contains("did not answer in time"), "\(response.status) \(response.text)")
        #expect(elapsed < .milliseconds(3500), "answered after \(elapsed)")
    }

    /// A non-loopback address of one of this host's interfaces that the range rule alone lets
    /// through (on most machines a private address, which the range rule already refuses).
    static let ownPublicAddress: String? = {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return nil }
        defer { freeifaddrs(list) }
        var entry = list
        while let interface = entry {
            entry = interface.pointee.ifa_next
            guard let address = interface.pointee.ifa_addr, Int32(address.pointee.sa_family) == AF_INET else { continue }
            let bytes = address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in withUnsafeBytes(of: v4.pointee.sin_addr) { Array($0) } }
            guard AddressPolicy.restriction(of: bytes) == nil else { continue }
            return bytes.map(String.init).joined(separator: ".")
        }
        return nil
    }()

    @Test(
        "an address of this host's own interfaces is refused unless the origin is internal",
        .enabled(if: OriginHardeningTests.ownPublicAddress != nil))
    func ownInterfaceAddress() throws {
        let address = try #require(Self.ownPublicAddress)
        let origin = try CannedOrigin(address: address, response: Self.response(try Self.sample("dot_green.png"), headers: ""))
        let fixture = try ServiceFixture { configuration in
            configuration.origins = try! OriginMap("own=\(origin.url)a/, trusted=\(origin.url)b/", internal: "trusted")
        }
        let refused = try fixture.get("/img/own/dot.png?w=8")
        #expect(refused.status == 502 && refused.text.contains("address rule") && !refused.text.contains(address), "\(refused.text)")
        #expect(origin.requests.isEmpty, "no connection was made")
        #expect(try fixture.get("/img/trusted/dot.png?w=8").status == 200)
        #expect(origin.requests.count == 1)
    }

    @Test("curl's pin: a name gets its address (IPv6 in brackets); an address needs none")
    func pinFormation() {
        #expect(AddressPolicy.pin(host: "img.example", port: 443, address: "93.184.215.14") == "img.example:443:93.184.215.14")
        #expect(AddressPolicy.pin(host: "img.example", port: 8080, address: "2001:db8::1") == "img.example:8080:[2001:db8::1]")
        #expect(AddressPolicy.pin(host: "2001:db8::1", port: 443, address: "2001:db8::1") == nil)
        #expect(AddressPolicy.pin(host: "93.184.215.14", port: 80, address: "93.184.215.14") == nil)
    }

    static let ipv6Loopback: Bool = {
        let fd = socket(AF_INET6, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var address = sockaddr_in6()
        address.sin6_family = sa_family_t(AF_INET6)
        address.sin6_addr = in6addr_loopback
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) == 0 }
        }
    }()

    @Test("an IPv6-literal origin is fetched with the pin the address rule makes for it", .enabled(if: OriginHardeningTests.ipv6Loopback))
    func ipv6LiteralOrigin() throws {
        let origin = try TestOrigin(ipv6: true)
        try origin.write("d.png", try Self.sample("dot_green.png"))
        let client = OriginClient(connectTimeout: .seconds(2), totalTimeout: .seconds(5), maxBytes: 1 << 20)
        // What a public IPv6-literal origin gets (the rule itself refuses ::1, so it is applied to a
        // public address): the pin must be one curl parses.
        let literal = try OriginMap("v6=\(origin.httpURLv6)").origins[0]
        let pins = [
            AddressPolicy.pin(host: literal.host, port: literal.port, address: "::1"),
            AddressPolicy.pin(host: "ip6-origin.test", port: literal.port, address: "::1"),
        ]
        for (url, pin) in zip([literal.url(of: "d.png"), "http://ip6-origin.test:\(literal.port)/d.png"], pins) {
            let file = tmpfile()!
            defer { fclose(file) }
            let request = CurlTransfer.Request(url: url, pin: pin, connectTimeout: .seconds(2), totalTimeout: .seconds(5), maxBytes: 1 << 20)
            let response = try client.perform(request, source: "v6/d.png", into: fileno(file))
            #expect(response.status == 200 && response.bodyBytes == 545)
        }
        #expect(origin.statuses(for: "/d.png") == [200, 200])
        // Through the service, as an internal origin.
        let fixture = try ServiceFixture { $0.origins = try! OriginMap("v6=\(origin.httpURLv6)", internal: "v6") }
        #expect(try fixture.get("/img/v6/d.png?w=8").status == 200)
    }

    @Test("502 and 504 bodies name the source and a generic reason, never hosts, addresses or curl's text")
    func publicErrors() throws {
        let origin = try TestOrigin()
        try origin.write("photo.jpg", try Self.sample("avatar.jpg"))
        // A port that was listened on and is closed again: nothing answers there.
        let closedURL = try { try CannedOrigin(response: []).url }()
        let fixture = try HTTPOriginTests.service(origin) { configuration in
            configuration.origins = try! OriginMap(
                "dead=\(closedURL), tls=\(origin.httpsURL), public=http://localhost:\(origin.httpPort)/, slow=\(origin.httpURL)slow/",
                internal: "dead, tls, slow")
            configuration.originsTimeout = .milliseconds(500)
        }
        let cases: [(String, Int, String)] = [
            ("dead/photo.jpg", 502, "the origin of `dead/photo.jpg` could not be reached"),
            ("tls/photo.jpg", 502, "fetching `tls/photo.jpg` was refused: its origin's TLS certificate does not verify"),
            ("public/photo.jpg", 502, "fetching `public/photo.jpg` was refused: the origin's address is not allowed by the address rule"),
            ("slow/photo.jpg", 504, "the origin of `slow/photo.jpg` did not answer in time"),
        ]
        for (name, status, message) in cases {
            let response = try fixture.get("/img/\(name)?w=10")
            #expect(response.status == status && response.json["error"]?.hasPrefix(message) == true, "\(name): \(response.text)")
            for secret in [
                "127.0.0.1", "localhost", "\(origin.httpPort)", "\(origin.httpsPort)", "loopback", "curl", "SSL", "connect to", "Couldn't",
            ] {
                #expect(!response.text.contains(secret), "\(name) shows `\(secret)`: \(response.text)")
            }
        }
    }
}
