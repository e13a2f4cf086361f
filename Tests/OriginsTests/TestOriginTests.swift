import Foundation
import HTTPTestSupport
import Testing

/// The origin fixture itself: it serves written files with validators, its fixed routes answer, and
/// its access log records each request.
@Suite("test origin")
struct TestOriginTests {
    @Test("serves written files over HTTP and HTTPS, redirects, errors and logs requests")
    func servesAndLogs() throws {
        let origin = try TestOrigin()
        try origin.write("photos/a.txt", Array("hello".utf8))

        let file = try get("/photos/a.txt", port: origin.httpPort)
        #expect(file.status == 200)
        #expect(file.text == "hello")
        #expect(file.header("ETag") != nil)
        #expect(try get("/redirect/x", port: origin.httpPort).status == 302)
        #expect(try get("/error/x", port: origin.httpPort).status == 503)

        #expect(origin.requests(for: "/photos/a.txt").count == 1)
        #expect(origin.statuses(for: "/photos/a.txt") == [200])

        // RawClient has no TLS; curl -k accepts the self-signed certificate.
        if FileManager.default.isExecutableFile(atPath: "/usr/bin/curl") {
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = ["-sk", "-o", "/dev/null", "-w", "%{http_code}", origin.httpsURL + "photos/a.txt"]
            let output = Pipe()
            curl.standardOutput = output
            try curl.run()
            let code = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            curl.waitUntilExit()
            #expect(code == "200")
        }
    }

    private func get(_ path: String, port: Int) throws -> RawClient.Response {
        let client = try RawClient(port: port, timeout: 5)
        try client.send("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        return try client.readResponse()
    }
}
