import CheckedConversion
#if canImport(Glibc)
    import Glibc
#endif

/// A client's IP address: the key the per-client connection limit counts by. Kept as the 16 bytes
/// of an IPv6 address, with IPv4 as `::ffff:a.b.c.d`, the form a dual-stack listener reports IPv4
/// clients in, so one IPv4 client is one key whichever way the server listens.
struct PeerAddress: Hashable, Sendable, CustomStringConvertible {
    /// The address's first and last eight bytes, in network order.
    private let high: UInt64
    private let low: UInt64

    /// The key of a peer whose address the kernel did not report (never seen for TCP over IP).
    static let unknown = PeerAddress(high: 0, low: 0)

    private init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// An address from its bytes: 4 (IPv4) or 16 (IPv6); `nil` for any other count.
    init?(bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        switch bytes.count {
        case 4: self.init(high: 0, low: 0xffff << 32 | bytes.reduce(0) { $0 << 8 | UInt64($1) })
        case 16:
            self.init(
                high: bytes[0..<8].reduce(0) { $0 << 8 | UInt64($1) },
                low: bytes[8..<16].reduce(0) { $0 << 8 | UInt64($1) })
        default: return nil
        }
    }

    /// The address in a socket address as `accept` fills it; `unknown` for a family other than IP.
    init(_ storage: sockaddr_storage) {
        var storage = storage
        switch Int32(storage.ss_family) {
        case AF_INET:
            let address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in.self).sin_addr }
            self = withUnsafeBytes(of: address) { PeerAddress(bytes: $0) } ?? .unknown
        case AF_INET6:
            let address = withUnsafeBytes(of: &storage) { $0.load(as: sockaddr_in6.self).sin6_addr }
            self = withUnsafeBytes(of: address) { PeerAddress(bytes: $0) } ?? .unknown
        default:
            self = .unknown
        }
    }

    /// The network a client is counted by: its IPv4 /24, or its IPv6 /64. One host or subscriber
    /// commonly holds a whole IPv6 /64 (2^64 addresses) and often several IPv4 addresses of a /24,
    /// so counting single addresses would let one client multiply its share of the connection limit.
    var clientNetwork: PeerAddress {
        isIPv4 ? PeerAddress(high: 0, low: low & ~0xff) : PeerAddress(high: high, low: 0)
    }

    /// Whether this is an IPv4 address (stored as `::ffff:a.b.c.d`).
    var isIPv4: Bool { high == 0 && low >> 32 == 0xffff }

    /// `127.0.0.1` for IPv4; IPv6 as eight colon-separated hexadecimal groups, uncompressed.
    var description: String {
        if isIPv4 { return (0..<4).map { String((low >> (24 - 8 * $0)) & 0xff) }.joined(separator: ".") }
        let groups = (0..<4).map { (high >> (48 - 16 * $0)) & 0xffff } + (0..<4).map { (low >> (48 - 16 * $0)) & 0xffff }
        return groups.map { String($0, radix: 16) }.joined(separator: ":")
    }
}
