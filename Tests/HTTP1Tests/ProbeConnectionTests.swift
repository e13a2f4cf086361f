@testable import HTTP1
import Testing

/// A connection in the probe reserve (`ConnectionStateMachine(configuration:probeOnly: true)`): one
/// request within the probe header timeout, answered only if it is a health probe, then closed.
/// Probe paths `/healthz` and `/readyz`, probe header timeout 1 s; other timeouts as in
/// `ConnectionStateMachineTests`.
@Suite("probe reserve connection")
struct ProbeConnectionTests {
    typealias Step = ConnectionStateMachineTests.Step

    static let configuration = ConnectionStateMachineTests.configuration {
        $0.probePaths = ["/healthz", "/readyz"]
        $0.probeHeaderTimeout = .seconds(1)
    }

    @discardableResult
    static func run(_ steps: [Step], sourceLocation: SourceLocation = #_sourceLocation) -> [ConnectionStateMachine.Actions] {
        var machine = ConnectionStateMachine(configuration: configuration, probeOnly: true)
        return steps.enumerated().map { index, step in
            let actions = machine.receive(step.event, at: step.time)
            #expect(actions.description == step.expected, "step \(index) at \(step.time)", sourceLocation: sourceLocation)
            return actions
        }
    }

    @Test("a probe is answered and the connection closes after it, even if it asked to stay open")
    func probeAnswered() {
        let actions = Self.run([
            .at(0, .opened, "timer 1s, read on"),
            .at(
                0.01, .bytes(ConnectionStateMachineTests.get("/healthz?verbose") + ConnectionStateMachineTests.get("/readyz")),
                "timer off, read off, handle GET /healthz?verbose"),
            .at(0.01, .respond(200), "write 200 close"),
            .at(0.02, .writeFinished, "timer 1.02s, read on, shutdown write"),
            .at(1.02, .timerFired, "close"),
        ])
        #expect(ConnectionStateMachineTests.head(actions[2]).contains("Connection: close\r\n"))
    }

    @Test("HEAD is a probe too")
    func head() {
        Self.run([
            .at(0, .opened, "timer 1s, read on"),
            .at(0, .bytes("HEAD /readyz HTTP/1.0\r\n\r\n"), "timer off, read off, handle HEAD /readyz"),
        ])
    }

    @Test(
        "anything but a probe gets 503 + Retry-After and close, never the handler",
        arguments: [
            "GET /img/a.png HTTP/1.1\r\nHost: t\r\n\r\n", "POST /healthz HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\n\r\n",
            "GET /healthz/ HTTP/1.1\r\nHost: t\r\n\r\n", "OPTIONS * HTTP/1.1\r\nHost: t\r\n\r\n",
        ])
    func othersRefused(request: String) {
        let actions = Self.run([
            .at(0, .opened, "timer 1s, read on"),
            .at(0, .bytes(request), "timer off, read off, write 503 close"),
        ])
        #expect(ConnectionStateMachineTests.head(actions[1]).contains("Retry-After: 1\r\n"))
    }

    @Test("no request within the probe header timeout: 503 and close")
    func silent() {
        Self.run([
            .at(0, .opened, "timer 1s, read on"),
            .at(0.5, .bytes("GET /hea"), "nothing"),
            .at(1, .timerFired, "read off, write 503 close"),
        ])
    }

    @Test("evicted while waiting for its request: 503 and close; once answering, eviction changes nothing")
    func evicted() {
        Self.run([
            .at(0, .opened, "timer 1s, read on"),
            .at(0.5, .evicted, "timer off, read off, write 503 close"),
        ])
        Self.run([
            .at(0, .opened, "timer 1s, read on"),
            .at(0, .bytes(ConnectionStateMachineTests.get("/healthz")), "timer off, read off, handle GET /healthz"),
            .at(0, .evicted, "nothing"),
            .at(0, .respond(200), "write 200 close"),
        ])
    }
}
