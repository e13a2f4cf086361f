@testable import HTTP1
import Testing

/// `ConnectionAdmission`: the per-client limit, the pool, and the probe reserve with its eviction
/// of the oldest, as a value (no sockets).
@Suite("connection admission")
struct ConnectionAdmissionTests {
    static let a = PeerAddress(bytes: [127, 0, 0, 1])!
    static let b = PeerAddress(bytes: [127, 0, 1, 2])!

    @Test("a client at its limit is refused; another address is not, and a close frees a place")
    func perClient() {
        var admission = ConnectionAdmission(maxConnections: 100, maxConnectionsPerClient: 3, probeSlots: 2)
        #expect((1...3).map { admission.admit($0, from: Self.a) } == [.regular, .regular, .regular])
        #expect(admission.admit(4, from: Self.a) == .refused(.perClient))
        #expect(admission.admit(5, from: Self.b) == .regular)
        #expect(admission.connections(from: Self.a) == 3 && admission.connections(from: Self.b) == 1)
        admission.closed(2)
        #expect(admission.admit(6, from: Self.a) == .regular)
        #expect(admission.regularCount == 4)
    }

    @Test("over the pool: probe slots, the oldest probe evicted when they are full")
    func probeReserve() {
        var admission = ConnectionAdmission(maxConnections: 2, maxConnectionsPerClient: 100, probeSlots: 2)
        #expect(admission.admit(1, from: Self.a) == .regular)
        #expect(admission.admit(2, from: Self.a) == .regular)
        #expect(admission.admit(3, from: Self.a) == .probe(evicting: nil))
        #expect(admission.admit(4, from: Self.b) == .probe(evicting: nil))
        #expect(admission.admit(5, from: Self.b) == .probe(evicting: 3))
        #expect(admission.admit(6, from: Self.a) == .probe(evicting: 4))
        #expect(admission.probeCount == 2 && admission.regularCount == 2)
        // The evicted count against their address until they have closed.
        #expect(admission.connections(from: Self.a) == 4)
        admission.closed(3)
        admission.closed(5)
        #expect(admission.probeCount == 1 && admission.admit(7, from: Self.a) == .probe(evicting: nil))
        // A regular slot that frees goes to the next connection; probes stay probes.
        admission.closed(1)
        #expect(admission.admit(8, from: Self.b) == .regular)
        #expect(admission.probeCount == 2)
    }

    @Test("no probe slots: over the pool is refused; probes count against their client")
    func noReserve() {
        var admission = ConnectionAdmission(maxConnections: 1, maxConnectionsPerClient: 2, probeSlots: 0)
        #expect(admission.admit(1, from: Self.a) == .regular)
        #expect(admission.admit(2, from: Self.a) == .refused(.full))
        var reserve = ConnectionAdmission(maxConnections: 1, maxConnectionsPerClient: 2, probeSlots: 4)
        #expect(reserve.admit(1, from: Self.a) == .regular)
        #expect(reserve.admit(2, from: Self.a) == .probe(evicting: nil))
        #expect(reserve.admit(3, from: Self.a) == .refused(.perClient))
        reserve.closed(99)  // unknown: nothing changes
        #expect(reserve.connections(from: Self.a) == 2)
    }

    @Test("the reserve exists only when the server knows probe paths")
    func fromConfiguration() {
        var configuration = ServerConfiguration()
        #expect(ConnectionAdmission(configuration).probeSlots == 0)
        configuration.probePaths = ["/healthz"]
        #expect(ConnectionAdmission(configuration).probeSlots == configuration.probeConnections)
        #expect(ConnectionAdmission(configuration).maxConnectionsPerClient == 256)
    }

    @Test("clients are counted by network: addresses of one IPv4 /24 or one IPv6 /64 share a count")
    func networks() throws {
        var admission = ConnectionAdmission(maxConnections: 100, maxConnectionsPerClient: 2, probeSlots: 0)
        let sameV4 = [PeerAddress(bytes: [203, 0, 113, 1])!, PeerAddress(bytes: [203, 0, 113, 200])!, PeerAddress(bytes: [203, 0, 113, 7])!]
        #expect(admission.admit(1, from: sameV4[0]) == .regular && admission.admit(2, from: sameV4[1]) == .regular)
        #expect(admission.admit(3, from: sameV4[2]) == .refused(.perClient))
        #expect(admission.admit(4, from: PeerAddress(bytes: [203, 0, 114, 1])!) == .regular)
        let v6 = { (last: UInt8) in PeerAddress(bytes: [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 1, 0xde, 0xad, 0, 0, 0, 0, 0, last])! }
        #expect(admission.admit(5, from: v6(1)) == .regular && admission.admit(6, from: v6(2)) == .regular)
        #expect(admission.admit(7, from: v6(3)) == .refused(.perClient))
        #expect(admission.admit(8, from: PeerAddress(bytes: [0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 2, 0, 0, 0, 0, 0, 0, 0, 1])!) == .regular)
        admission.closed(5)
        #expect(admission.admit(9, from: v6(3)) == .regular)
    }

    @Test(
        "addresses: IPv4 and IPv4-mapped IPv6 are one key; printed for logs",
        arguments: [
            ([127, 0, 0, 1] as [UInt8], "127.0.0.1"),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff, 127, 0, 0, 1], "127.0.0.1"),
            ([0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1], "0:0:0:0:0:0:0:1"),
            ([0x20, 0x01, 0x0d, 0xb8, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xab, 0xcd], "2001:db8:0:0:0:0:0:abcd"),
        ])
    func addresses(bytes: [UInt8], text: String) throws {
        let address = try #require(PeerAddress(bytes: bytes))
        #expect(address.description == text)
        #expect(PeerAddress(bytes: [1, 2, 3]) == nil)
        if text == "127.0.0.1" { #expect(address == Self.a && address.isIPv4) }
    }
}
