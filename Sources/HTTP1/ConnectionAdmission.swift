/// Which accepted connections the server keeps, as a value: it counts open connections in all and
/// per client address, and answers each new one with a decision. No clock and no sockets; the server
/// holds one under its lock and asks it on every accept and every close.
///
/// Three rules, checked in this order:
/// 1. **Per client** (`maxConnectionsPerClient`): a client network (`PeerAddress.clientNetwork`: an
///    IPv4 /24, an IPv6 /64) already holding that many connections (regular or probe) is refused, as
///    nginx's `limit_conn` refuses with 503. One client can then never take the whole pool, whatever
///    it sends or does not send, nor multiply its share by changing address within its network.
/// 2. **The pool** (`maxConnections`): below it the connection is regular.
/// 3. **The probe reserve** (`probeSlots`, 0 when the server knows no probe paths): at the limit,
///    a connection may still take one of a few slots kept for health probes; the server lets it
///    send one request, answers it only if it is a probe and closes it (see `ServerConfiguration`).
///    When the reserve is full, the oldest connection in it makes room: its slot goes to the new
///    one and the server answers it 503 and closes it, unless its request is already in its socket
///    (`Connection.evict` reads before it judges). A real probe sends its request at once and
///    is answered within a round trip; to push one out before that, a flood must open `probeSlots`
///    connections within that round trip, whereas connections that sit silent in the reserve only
///    ever push each other out.
struct ConnectionAdmission: Sendable {
    /// What happens to a new connection.
    enum Decision: Equatable, Sendable {
        /// Within the pool: served normally.
        case regular
        /// Over the pool, in the probe reserve: one probe request, then close. `evicting` is the
        /// connection whose reserve slot this one took, to be answered 503 and closed.
        case probe(evicting: Int?)
        /// Refused: answered 503 and closed at once.
        case refused(Refusal)
    }

    /// Why a connection was refused.
    enum Refusal: Equatable, Sendable {
        /// Its address already holds `maxConnectionsPerClient` connections.
        case perClient
        /// The pool is full and there is no probe reserve.
        case full
    }

    /// Regular connections at most.
    let maxConnections: Int
    /// Connections (regular and probe) from one address at most.
    let maxConnectionsPerClient: Int
    /// Connections beyond `maxConnections` kept for health probes.
    let probeSlots: Int

    /// Open regular connections.
    private(set) var regularCount = 0
    /// Connections holding a probe slot, oldest first.
    private var probes: [Int] = []
    /// Every admitted connection not closed yet: its address and whether it is regular.
    private var open: [Int: (peer: PeerAddress, regular: Bool)] = [:]
    private var perPeer: [PeerAddress: Int] = [:]

    /// Limits from the server's configuration; the probe reserve is empty when `probePaths` is.
    init(_ configuration: ServerConfiguration) {
        self.init(
            maxConnections: configuration.maxConnections, maxConnectionsPerClient: configuration.maxConnectionsPerClient,
            probeSlots: configuration.probePaths.isEmpty ? 0 : configuration.probeConnections)
    }

    /// Limits as given (each at least 0).
    init(maxConnections: Int, maxConnectionsPerClient: Int, probeSlots: Int) {
        self.maxConnections = max(0, maxConnections)
        self.maxConnectionsPerClient = max(0, maxConnectionsPerClient)
        self.probeSlots = max(0, probeSlots)
    }

    /// Connections held in the probe reserve.
    var probeCount: Int { probes.count }

    /// Open connections from `peer`'s network, regular and probe (an evicted one until it has closed).
    func connections(from peer: PeerAddress) -> Int { perPeer[peer.clientNetwork, default: 0] }

    /// Decides about connection `id` from `address`; unless refused, it counts until `closed(id)`.
    mutating func admit(_ id: Int, from address: PeerAddress) -> Decision {
        let peer = address.clientNetwork
        guard connections(from: peer) < maxConnectionsPerClient else { return .refused(.perClient) }
        let decision: Decision
        if regularCount < maxConnections {
            regularCount += 1
            decision = .regular
        } else if probeSlots > 0 {
            let evicted = probes.count >= probeSlots ? probes.removeFirst() : nil
            probes.append(id)
            decision = .probe(evicting: evicted)
        } else {
            return .refused(.full)
        }
        open[id] = (peer, decision == .regular)
        perPeer[peer, default: 0] += 1
        return decision
    }

    /// Connection `id` has closed: its slot and its count against its address are free.
    mutating func closed(_ id: Int) {
        guard let (peer, regular) = open.removeValue(forKey: id) else { return }
        if regular {
            regularCount -= 1
        } else if let index = probes.firstIndex(of: id) {
            probes.remove(at: index)
        }
        let remaining = perPeer[peer, default: 1] - 1
        perPeer[peer] = remaining > 0 ? remaining : nil
    }
}
