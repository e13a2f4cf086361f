import Foundation
import HTTP1
import HTTPTestSupport
import Testing

@Suite("HTTP/1.1 server: malformed and oversized requests")
struct ProtocolErrorTests {
    /// Raw request → expected status; each is answered and the connection closed.
    static let malformed: [(String, Int)] = [
        ("GET /\r\n\r\n", 400),  // no version
        ("GET  / HTTP/1.1\r\nHost: t\r\n\r\n", 400),  // double space
        ("G@T / HTTP/1.1\r\nHost: t\r\n\r\n", 400),  // invalid method character
        ("GET / http/1.1\r\nHost: t\r\n\r\n", 400),  // lower-case version
        ("GET / HTTP/2.0\r\nHost: t\r\n\r\n", 505),  // unsupported version
        ("GET / HTTP/1.1\r\n\r\n", 400),  // HTTP/1.1 without Host
        ("GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n", 400),  // two Hosts
        ("GET / HTTP/1.1\r\nHost: t\r\nNoColon\r\n\r\n", 400),  // header without colon
        ("GET / HTTP/1.1\r\nHost : t\r\n\r\n", 400),  // space before colon
        ("GET / HTTP/1.1\r\nHost: t\r\n folded\r\n\r\n", 400),  // obsolete line folding
        ("GET / HTTP/1.1\r\nHost: t\r\nX: a\u{1}b\r\n\r\n", 400),  // control character in value
        ("GET nopath HTTP/1.1\r\nHost: t\r\n\r\n", 400),  // target not starting with /
        ("GET /a b HTTP/1.1\r\nHost: t\r\n\r\n", 400),  // space in target
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\nab", 400),  // conflicting lengths
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: -1\r\n\r\n", 400),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 3\r\nTransfer-Encoding: chunked\r\n\r\n", 400),  // smuggling shape
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: gzip, chunked\r\n\r\n", 501),
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n", 400),  // bad chunk size
        ("GET /healthz HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n-1\r\n", 400),  // negative chunk size
        ("POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n+5\r\nhello\r\n0\r\n\r\n", 400),  // signed chunk size
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 0\r\nContent-Length: 0\r\n\r\n", 400),  // repeated length
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5, 5\r\n\r\nhello", 400),  // listed length
        ("POST / HTTP/1.1\r\nHost: t\r\n\r\n", 411),
        ("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 99999999999\r\n\r\n", 413),
    ]

    @Test("answers and closes", arguments: malformed)
    func malformedRequest(_ raw: String, _ status: Int) throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(raw)
        let response = try client.readResponse()
        #expect(response.status == status, "\(raw.debugDescription)")
        #expect(response.header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test("request line, header block and header count limits: 414 and 431")
    func oversize() throws {
        let server = try TestServer {
            $0.maxRequestLineBytes = 1024
            $0.maxHeaderBytes = 4096
            $0.maxHeaderCount = 20
        }
        let longTarget = try server.client()
        try longTarget.send("GET /" + String(repeating: "a", count: 2000) + " HTTP/1.1\r\nHost: t\r\n\r\n")
        #expect(try longTarget.readResponse().status == 414)

        let bigHeaders = try server.client()
        try bigHeaders.send("GET / HTTP/1.1\r\nHost: t\r\nX-Big: " + String(repeating: "b", count: 5000) + "\r\n\r\n")
        #expect(try bigHeaders.readResponse().status == 431)

        let manyHeaders = try server.client()
        try manyHeaders.send("GET / HTTP/1.1\r\nHost: t\r\n" + (0..<30).map { "X-\($0): v\r\n" }.joined() + "\r\n")
        #expect(try manyHeaders.readResponse().status == 431)

        // An endless head without a line end is refused once it passes the limit, not buffered forever.
        let endless = try server.client()
        try endless.send("GET /" + String(repeating: "c", count: 3000))
        #expect(try endless.readResponse().status == 414)
    }

    @Test("a parser fed one byte at a time gives the same request as one write")
    func byteByByte() throws {
        let raw = Array(
            "POST /x?y=1 HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nbody\r\n0\r\n\r\nGET /next HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        var parser = RequestParser(limits: ServerConfiguration())
        var requests: [HTTPRequest] = []
        for byte in raw {
            parser.append([byte])
            while let request = try parser.next() { requests.append(request) }
        }
        #expect(requests.map(\.target) == ["/x?y=1", "/next"])
        #expect(requests[0].body == Array("body".utf8) && requests[0].query == "y=1" && requests[0].path == "/x")
    }
}

@Suite("HTTP/1.1 server: timeouts, disconnects, load, limits, drain", .serialized)
struct ServerRobustnessTests {
    @Test("a client sending one byte per 100 ms is cut at the header timeout with 408")
    func slowloris() throws {
        let server = try TestServer { $0.headerTimeout = .milliseconds(350) }
        let client = try server.client(timeout: 5)
        let start = Date()
        var got408 = false
        for byte in get("/echo/slow").utf8 {
            if (try? client.send([byte])) == nil { break }
            usleep(100_000)
            if Date().timeIntervalSince(start) > 0.8 { break }
        }
        if let response = try? client.readResponse() { got408 = response.status == 408 }
        #expect(got408)
        #expect(Date().timeIntervalSince(start) < 2)
        #expect(server.waitForNoConnections())
    }

    @Test("a client that never reads its response is dropped at the write timeout")
    func slowReader() throws {
        let server = try TestServer { $0.writeTimeout = .milliseconds(300) }
        let client = try server.client()
        var size = Int32(4096)
        setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        try client.send(get("/big"))
        #expect(server.waitForNoConnections(within: 5))
        let other = try server.client()
        try other.send(get("/echo/alive"))
        #expect(try other.readResponse().text == "GET /echo/alive")
    }

    @Test("the connection closes after its request limit")
    func requestLimit() throws {
        let server = try TestServer { $0.maxRequestsPerConnection = 3 }
        let client = try server.client()
        for i in 1...3 {
            try client.send(get("/echo/\(i)"))
            #expect(try client.readResponse().header("Connection") == (i == 3 ? "close" : nil))
        }
        #expect(client.isClosedByServer())
    }

    @Test("idle keep-alive connections are closed after the idle timeout")
    func idle() throws {
        let server = try TestServer { $0.idleTimeout = .milliseconds(200) }
        let client = try server.client(timeout: 3)
        try client.send(get("/echo/1"))
        _ = try client.readResponse()
        #expect(client.isClosedByServer())
    }

    @Test("a client that disconnects mid-response costs only its connection")
    func disconnect() throws {
        let server = try TestServer()
        do {
            let client = try server.client()
            try client.send(get("/big"))
            _ = try client.send([])  // the response is now being written
        }
        do {
            let client = try server.client()
            try client.send(get("/slow"))
            #expect(server.slowStarted.wait(timeout: .now() + 10) == .success, "the handler has the request")
        }
        // Generous: on a loaded machine writing and discarding 8 MiB takes seconds; a leaked
        // connection would stay for the 60 s idle timeout.
        #expect(server.waitForNoConnections(within: 30))
        let after = try server.client()
        try after.send(get("/echo/ok"))
        #expect(try after.readResponse().text == "GET /echo/ok")
    }

    @Test("500 concurrent connections are served")
    func concurrency() throws {
        raiseOpenFileLimit()
        let server = try TestServer { $0.maxConnectionsPerClient = 500 }
        let clients = try (0..<500).map { _ in try server.client() }
        for (i, client) in clients.enumerated() { try client.send(get("/echo/\(i)")) }
        for (i, client) in clients.enumerated() { #expect(try client.readResponse().text == "GET /echo/\(i)") }
        #expect(server.server.connectionCount == 500)
    }

    @Test("connections over the limit are refused with 503 and closed")
    func overLimit() throws {
        let server = try TestServer { $0.maxConnections = 4 }
        let held = try (0..<4).map { _ in try server.client() }
        for client in held {
            try client.send(get("/echo"))
            _ = try client.readResponse()
        }
        let extra = try server.client()
        let refused = try extra.readResponse()
        #expect(refused.status == 503 && refused.header("Retry-After") == "1")
        #expect(extra.isClosedByServer())
        held[0].closeNow()
        #expect(server.server.connectionCount <= 4)
    }

    @Test("drain: stop accepting, finish in-flight responses, close idle connections")
    func drain() throws {
        let server = try TestServer()
        let idle = try server.client()
        try idle.send(get("/echo/1"))
        _ = try idle.readResponse()
        let busy = try server.client()
        try busy.send(get("/slow"))
        #expect(server.slowStarted.wait(timeout: .now() + 5) == .success)
        let finished = DispatchSemaphoreBox()
        server.server.shutdown(deadline: .seconds(5)) { finished.signal() }
        let response = try busy.readResponse()
        #expect(response.text == "slow done" && response.header("Connection") == "close")
        #expect(idle.isClosedByServer())
        #expect(finished.wait(seconds: 5))
        #expect((try? RawClient(port: server.port)) == nil)
    }
}

extension RawClient {
    /// Closes the client's side now.
    func closeNow() { shutdown(descriptor, Int32(SHUT_RDWR)) }
}

/// Waits for a completion callback, bounded.
final class DispatchSemaphoreBox: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func signal() { semaphore.signal() }
    func wait(seconds: Double) -> Bool { semaphore.wait(timeout: .now() + seconds) == .success }
}
