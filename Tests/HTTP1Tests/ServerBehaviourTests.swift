import Foundation
import HTTP1
import HTTPTestSupport
import Testing

@Suite("HTTP/1.1 server: keep-alive, pipelining, HEAD, HTTP/1.0")
struct ServerBehaviourTests {
    @Test("100 requests on one keep-alive connection")
    func keepAlive() throws {
        let server = try TestServer()
        let client = try server.client()
        for i in 0..<100 {
            try client.send(get("/echo/\(i)"))
            let response = try client.readResponse()
            #expect(response.status == 200 && response.text == "GET /echo/\(i)")
            #expect(response.header("Connection") == nil)
            #expect(response.header("Date")?.hasSuffix(" GMT") == true)
            #expect(response.header("Content-Length") == String(response.body.count))
        }
        #expect(server.server.connectionCount == 1)
    }

    @Test("10 pipelined requests in one write are answered in order, slow ones included")
    func pipelining() throws {
        let server = try TestServer()
        let client = try server.client()
        var batch = ""
        for i in 0..<10 { batch += get(i == 3 ? "/slow" : "/echo/\(i)") }
        try client.send(batch)
        for i in 0..<10 {
            let response = try client.readResponse()
            #expect(response.text == (i == 3 ? "slow done" : "GET /echo/\(i)"))
        }
    }

    @Test("HEAD has the same headers and no body")
    func head() throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(get("/echo/x"))
        let full = try client.readResponse()
        try client.send("HEAD /echo/x HTTP/1.1\r\nHost: test\r\n\r\n")
        let head = try client.readResponse(head: true)
        #expect(head.status == 200 && head.body.isEmpty)
        // The GET answers "GET /echo/x"; HEAD's body would be "HEAD /echo/x", one byte longer.
        #expect(Int(head.header("Content-Length")!) == full.body.count + 1)
        try client.send(get("/echo/after"))
        #expect(try client.readResponse().text == "GET /echo/after")
    }

    @Test("HTTP/1.0 closes unless keep-alive is asked for")
    func http10() throws {
        let server = try TestServer()
        let plain = try server.client()
        try plain.send("GET /echo/a HTTP/1.0\r\n\r\n")
        let first = try plain.readResponse()
        #expect(first.version == "HTTP/1.0" && first.header("Connection") == "close")
        #expect(plain.isClosedByServer())

        let kept = try server.client()
        for i in 0..<3 {
            try kept.send("GET /echo/\(i) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
            let response = try kept.readResponse()
            #expect(response.header("Connection") == "keep-alive" && response.text == "GET /echo/\(i)")
        }
    }

    @Test("Connection: close is honoured")
    func connectionClose() throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send(get("/echo/a", "Connection: close\r\n"))
        #expect(try client.readResponse().header("Connection") == "close")
        #expect(client.isClosedByServer())
    }

    @Test("request bodies: Content-Length and chunked are read and do not break pipelining")
    func bodies() throws {
        let server = try TestServer()
        let client = try server.client()
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello" + get("/echo/next"))
        #expect(try client.readResponse().text == "POST /echohello")
        #expect(try client.readResponse().text == "GET /echo/next")
        try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n3;ext=1\r\nabc\r\n2\r\nde\r\n0\r\nX-Trailer: y\r\n\r\n")
        #expect(try client.readResponse().text == "POST /echoabcde")
    }

    @Test("IPv6 loopback")
    func ipv6() throws {
        let server = try TestServer { $0.host = "::1" }
        #expect(server.server.url.hasPrefix("http://[::1]:"))
        let client = try RawClient(host: "::1", port: server.port)
        try client.send(get("/echo/v6"))
        #expect(try client.readResponse().text == "GET /echo/v6")
    }

    @Test("`::` listens dual-stack: ::1 and 127.0.0.1 both reach it")
    func dualStack() throws {
        let server = try TestServer { $0.host = "::" }
        for host in ["::1", "127.0.0.1"] {
            let client = try RawClient(host: host, port: server.port)
            try client.send(get("/echo/\(host)"))
            #expect(try client.readResponse().text == "GET /echo/\(host)")
        }
    }
}
