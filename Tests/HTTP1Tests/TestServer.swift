import Dispatch
import Foundation
import HTTP1
import HTTPTestSupport

/// A real server on an ephemeral loopback port with a small test handler:
/// `/echo…` answers `METHOD target` plus the body, `/slow` answers after 300 ms, `/big` sends 8 MiB,
/// `/file` streams `StreamedFile.body` from a file region (`/file/empty`: an empty region).
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
        case "/file", "/file/empty":
            let fd = open(StreamedFile.path, O_RDONLY | O_CLOEXEC)
            let length = request.path == "/file" ? StreamedFile.body.count : 0
            respond(
                HTTPResponse(
                    status: .ok, headers: [("Content-Type", "application/octet-stream")],
                    file: FileBody(descriptor: fd, offset: StreamedFile.prefix, length: length)))
        case "/big":
            respond(HTTPResponse(status: .ok, body: [UInt8](repeating: 0x61, count: 8 * 1024 * 1024)))
        default:
            respond(
                HTTPResponse(
                    status: .ok, headers: [("Content-Type", "text/plain")],
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

/// A file on disk whose middle is the body `/file` streams: `prefix` bytes before it and a few
/// after, so a wrong offset or length shows. The body is pseudo-random, so a misplaced chunk shows too.
enum StreamedFile {
    static let prefix = 100
    static let body: [UInt8] = {
        var state: UInt32 = 0x1234_5678
        return (0..<(3 * 1024 * 1024 + 4321)).map { _ in
            state = state &* 1_664_525 &+ 1_013_904_223
            return UInt8(state >> 24)
        }
    }()
    static let path: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-file-body-\(getpid()).bin").path
        let bytes = [UInt8](repeating: 0x3C, count: prefix) + body + Array("-- after the region --".utf8)
        FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }()
}
