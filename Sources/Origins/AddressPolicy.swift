import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// The SSRF rule: an origin that is not marked internal may only be reached at public addresses.
/// Its host is resolved here, every address it resolves to is checked (a name with one private
/// address among public ones is refused whole), and the connection is pinned to a checked address,
/// so the name cannot be re-resolved to another one in between (DNS rebinding). This host's own
/// interface addresses are refused too, whatever their range.
enum AddressPolicy {
    /// Why an address is not public, or `nil` when it is.
    static func restriction(of address: [UInt8]) -> String? {
        if address.count == 4 { return restriction(ipv4: address) }
        guard address.count == 16 else { return "not an IP address" }
        let zeroPrefix = address[0..<10].allSatisfy { $0 == 0 }
        if zeroPrefix, address[10] == 0xFF, address[11] == 0xFF { return restriction(ipv4: Array(address[12...])) }  // ::ffff:a.b.c.d
        if address[0..<12] == [0x00, 0x64, 0xFF, 0x9B, 0, 0, 0, 0, 0, 0, 0, 0] { return restriction(ipv4: Array(address[12...])) }  // NAT64
        if address.allSatisfy({ $0 == 0 }) { return "the unspecified address" }
        if address[0..<15].allSatisfy({ $0 == 0 }) && address[15] == 1 { return "loopback" }
        if address[0] & 0xFE == 0xFC { return "private (unique local, fc00::/7)" }
        if address[0] == 0xFE && address[1] & 0xC0 == 0x80 { return "link-local (fe80::/10)" }
        if address[0] == 0xFF { return "multicast" }
        if address[0] == 0x20, address[1] == 0x01, address[2] == 0x0D, address[3] == 0xB8 { return "documentation (2001:db8::/32)" }
        return nil
    }

    private static func restriction(ipv4 a: [UInt8]) -> String? {
        switch (a[0], a[1]) {
        case (0, _): "the unspecified network (0.0.0.0/8)"
        case (10, _): "private (10.0.0.0/8)"
        case (100, 64...127): "shared address space (100.64.0.0/10)"
        case (127, _): "loopback"
        case (169, 254): "link-local, where cloud metadata services live (169.254.0.0/16)"
        case (172, 16...31): "private (172.16.0.0/12)"
        case (192, 0) where a[2] == 0: "IETF protocol assignments (192.0.0.0/24)"
        case (192, 168): "private (192.168.0.0/16)"
        case (198, 18...19): "benchmarking (198.18.0.0/15)"
        case (224...239, _): "multicast"
        case (240...255, _): "reserved"
        default: nil
        }
    }

    /// Resolves `host`, checks every address (the ranges above, and the addresses of this host's own
    /// interfaces, which reach its own services like loopback does), and returns curl's pin for the
    /// first one, or `nil` when `host` is itself an address. Throws `refused` naming the address and why.
    static func pinnedAddress(host: String, port: Int, source: String) throws(OriginError) -> String? {
        let addresses = resolve(host)
        guard let first = addresses.first else { throw .unavailable(source, reason: "its origin host `\(host)` does not resolve") }
        let local = localAddresses()
        for (bytes, text) in addresses {
            if let why = restriction(of: bytes) ?? (local.contains(unmapped(bytes)) ? "an address of this host's own interfaces" : nil) {
                throw .refused(
                    source,
                    .address(detail: "its origin host `\(host)` resolves to \(text), \(why); list the origin in origins.internal if that is intended")
                )
            }
        }
        return pin(host: host, port: port, address: first.text)
    }

    /// curl's `CURLOPT_RESOLVE` entry `host:port:address` sending `host` to `address` (an IPv6
    /// address in brackets: `host:port:[2001:db8::1]`), or `nil` when `host` is a numeric address:
    /// curl does not resolve those, so there is nothing to pin, and curl before 8.13 cannot parse an
    /// entry whose host is an IPv6 address at all.
    static func pin(host: String, port: Int, address: String) -> String? {
        guard !isNumeric(host) else { return nil }
        return address.contains(":") ? "\(host):\(port):[\(address)]" : "\(host):\(port):\(address)"
    }

    /// Whether `host` is an IPv4 or IPv6 address rather than a name.
    private static func isNumeric(_ host: String) -> Bool {
        var buffer = in6_addr()
        return inet_pton(AF_INET, host, &buffer) == 1 || inet_pton(AF_INET6, host, &buffer) == 1
    }

    /// An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) as its four IPv4 bytes; others unchanged.
    private static func unmapped(_ address: [UInt8]) -> [UInt8] {
        guard address.count == 16, address[0..<10].allSatisfy({ $0 == 0 }), address[10] == 0xFF, address[11] == 0xFF else { return address }
        return Array(address[12...])
    }

    /// The addresses assigned to this host's interfaces (`getifaddrs`), read at each check since
    /// interfaces come and go.
    static func localAddresses() -> Set<[UInt8]> {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { return [] }
        defer { freeifaddrs(list) }
        var found: Set<[UInt8]> = []
        var entry = list
        while let interface = entry {
            entry = interface.pointee.ifa_next
            guard let address = interface.pointee.ifa_addr else { continue }
            if Int32(address.pointee.sa_family) == AF_INET {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    withUnsafeBytes(of: v4.pointee.sin_addr) { _ = found.insert(Array($0)) }
                }
            } else if Int32(address.pointee.sa_family) == AF_INET6 {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    withUnsafeBytes(of: v6.pointee.sin6_addr) { _ = found.insert(unmapped(Array($0))) }
                }
            }
        }
        return found
    }

    /// Every address of `host` (numeric hosts included), as bytes and as text.
    private static func resolve(_ host: String) -> [(bytes: [UInt8], text: String)] {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var list: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(host, nil, &hints, &list) == 0 else { return [] }
        defer { freeaddrinfo(list) }
        var found: [(bytes: [UInt8], text: String)] = []
        var entry = list
        while let info = entry {
            entry = info.pointee.ai_next
            guard let address = info.pointee.ai_addr else { continue }
            var bytes: [UInt8] = []
            if info.pointee.ai_family == AF_INET {
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { v4 in
                    withUnsafeBytes(of: v4.pointee.sin_addr) { bytes = Array($0) }
                }
            } else if info.pointee.ai_family == AF_INET6 {
                address.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { v6 in
                    withUnsafeBytes(of: v6.pointee.sin6_addr) { bytes = Array($0) }
                }
            } else {
                continue
            }
            var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
            _ = bytes.withUnsafeBytes { inet_ntop(bytes.count == 4 ? AF_INET : AF_INET6, $0.baseAddress, &text, socklen_t(text.count)) }
            let textValue = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !found.contains(where: { $0.bytes == bytes }) { found.append((bytes, textValue)) }
        }
        return found
    }
}
