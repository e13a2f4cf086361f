import Foundation
@testable import HTTP1
import HTTPTestSupport
import Testing

/// File bodies are streamed chunk by chunk from their region, byte-exact, through keep-alive and
/// pipelining; HEAD gets the length and no body; and a small shared budget makes connections wait
/// their turn rather than allocate. By default bodies go out with `sendfile`; the budget tests use
/// the copying path.
@Suite("HTTP/1.1 server: file bodies")
struct FileBodyTests {
    @Test("a file body arrives byte-exact with its Content-Length, three times on one keep-alive connection")
    func keepAlive() throws {
        let server = try TestServer()
        let client = try server.client()
        for _ in 0..<3 {
            try client.send(get("/file"))
            let response = try client.readResponse()
            #expect(response.status == 200 && response.header("Content-Length") == String(StreamedFile.body.count))
            #expect(response.body == StreamedFile.body)
        }
    }

    @Test("pipelined: file, HEAD, echo, empty file, file, in order and exact")
    func pipelined() throws {
        let server = try TestServer { $0.streamingChunkBytes = 10_000 }
        let client = try server.client()
        try client.send(get("/file") + "HEAD /file HTTP/1.1\r\nHost: t\r\n\r\n" + get("/echo/x") + get("/file/empty") + get("/file"))
        #expect(try client.readResponse().body == StreamedFile.body)
        let head = try client.readResponse(head: true)
        #expect(head.status == 200 && head.header("Content-Length") == String(StreamedFile.body.count) && head.body.isEmpty)
        // A body sent after HEAD would be read as the start of this response and break it.
        #expect(try client.readResponse().text == "GET /echo/x")
        let empty = try client.readResponse()
        #expect(empty.status == 200 && empty.header("Content-Length") == "0" && empty.body.isEmpty)
        #expect(try client.readResponse().body == StreamedFile.body)
    }

    @Test("with a budget of two chunks, ten concurrent streams wait their turn and all complete exactly")
    func sharedBudget() throws {
        let server = try TestServer {
            $0.usesSendfile = false  // the budget bounds the copying path's chunks
            $0.streamingChunkBytes = 16 * 1024
            $0.streamingBufferBytes = 32 * 1024
        }
        let clients = try (0..<10).map { _ in try server.client(timeout: 30) }
        for client in clients { try client.send(get("/file")) }
        for client in clients { #expect(try client.readResponse().body == StreamedFile.body) }
    }

    @Test("the budget: takes only what is free, gives back what was taken")
    func budget() {
        let budget = ByteBudget(capacity: 100)
        #expect(budget.acquire(60) && !budget.acquire(41) && budget.acquire(40))
        #expect(budget.free == 0 && !budget.acquire(1))
        budget.release(60)
        #expect(budget.free == 60 && budget.acquire(60))
    }

    @Test("a client that disconnects mid-stream gives its chunk back; the next stream still runs")
    func disconnectReleasesBudget() throws {
        let server = try TestServer {
            $0.usesSendfile = false  // the budget bounds the copying path's chunks
            $0.streamingChunkBytes = 16 * 1024
            $0.streamingBufferBytes = 16 * 1024
        }
        for _ in 0..<3 {
            let client = try server.client()
            var size = Int32(4096)
            setsockopt(client.descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
            try client.send(get("/file"))
            client.closeNow()
        }
        #expect(server.waitForNoConnections())
        let reader = try server.client()
        try reader.send(get("/file"))
        #expect(try reader.readResponse().body == StreamedFile.body)
    }

    @Test("sendfile and copying give the same bytes to a reader that starts late (6 MiB pipelined)", arguments: [true, false])
    func slowReader(sendfile: Bool) throws {
        let server = try TestServer { $0.usesSendfile = sendfile }
        let client = try server.client(timeout: 30)
        try client.send(get("/file") + get("/file") + get("/file/empty") + get("/file"))
        // More than the socket buffers hold: the server gets EAGAIN and must resume where it stopped.
        usleep(300_000)
        for expected in [StreamedFile.body, StreamedFile.body, [], StreamedFile.body] {
            let response = try client.readResponse()
            #expect(response.status == 200 && response.body.count == expected.count && response.body == expected)
        }
    }

    @Test("a client gone mid-sendfile closes its connection; the server keeps serving")
    func goneMidSendfile() throws {
        let server = try TestServer()
        for _ in 0..<3 {
            let client = try server.client()
            try client.send(get("/file"))
            client.closeNow()
        }
        #expect(server.waitForNoConnections())
        let reader = try server.client()
        try reader.send(get("/file"))
        #expect(try reader.readResponse().body == StreamedFile.body)
    }
}
