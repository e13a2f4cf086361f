import Dispatch
import Foundation
import HTTP1
import HTTPTestSupport

/// A real server on an ephemeral loopback port with a small test handler:
/// `/echo…` answers `METHOD target` plus the body, `/slow` answers after 300 ms, `/big` sends 8 MiB.
final class TestServer {
    let server: HTTPServer
    /// Signalled each time a `/slow` request reaches this server's handler.
    let slowStarted = DispatchSemaphore(value: 0)

    static func handler(_ request: HTTPRequest, slowStarted: DispatchSemaphore, _ respond: @escaping @Sendable (HTTPResponse) -> Void) {
        switch request.path {
        case "/slow":
            slowStarted.signal()
            DispatchQueue.global().asyncAfter(deadline: .now() + .milliseconds(300)) {
                respond(HTTPResponse(status: .ok, body: Array("slow done".utf8)))
            }
        case "/big":
            respond(HTTPResponse(status: .ok, body: [UInt8](repeating: 0x61, count: 8 * 1024 * 1024)))
        default:
            respond(HTTPResponse(status: .ok, headers: [("Content-Type", "text/plain")],
                                 body: Array("\(request.method) \(request.target)".utf8) + request.body))
        }
    }

    init(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws {
        var configuration = ServerConfiguration()
        configuration.port = 0
        configure(&configuration)
        let started = slowStarted
        server = HTTPServer(configuration: configuration) { request, respond in Self.handler(request, slowStarted: started, respond) }
        try server.start()
    }

    deinit {
        server.shutdown(deadline: .zero) {}
    }

    var port: Int { server.port }

    func client(timeout: Double = 10) throws -> RawClient {
        try RawClient(port: port, timeout: timeout)
    }

    /// Waits (bounded) until the server has no open connections.
    func waitForNoConnections(within seconds: Double = 5) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if server.connectionCount == 0 { return true }
            usleep(10_000)
        }
        return server.connectionCount == 0
    }
}

func get(_ path: String, _ extra: String = "") -> String {
    "GET \(path) HTTP/1.1\r\nHost: test\r\n\(extra)\r\n"
}
