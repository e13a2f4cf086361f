import HTTP1
import Testing

/// Body framing the parser must refuse (RFC 9112 §6.3, §7.1): signed or non-hex chunk sizes and
/// repeated or listed `Content-Length`s, each a 400 rather than a guess (nginx answers the same).
@Suite("HTTP/1.1 parser: body framing")
struct BodyFramingTests {
    static let chunkedHead = "POST / HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n"

    /// Chunk-size lines that are not `1*HEXDIG [ BWS ";" ext ]`.
    static let badChunkSizes = ["-1", "-0", "+5", "+0", "0x5", " 5", "5 x", "", "ffffffffff", "-ffffffff"]

    @Test("a chunk size that is not hex digits is a 400, whole or byte by byte", arguments: badChunkSizes)
    func badChunkSize(_ size: String) throws {
        let raw = Array((Self.chunkedHead + size + "\r\nhello\r\n0\r\n\r\n").utf8)
        #expect(Self.outcome(raw, step: raw.count) == .failed(.badRequest("invalid chunk size")))
        #expect(Self.outcome(raw, step: 1) == .failed(.badRequest("invalid chunk size")))
    }

    @Test("valid chunk sizes: upper and lower case hex, leading zeros, extensions and trailers")
    func goodChunkSizes() throws {
        let raw = Array((Self.chunkedHead + "0A\r\n0123456789\r\n00b ; name=value\r\n0123456789a\r\n0\r\nTrailer: x\r\n\r\n").utf8)
        for step in [1, 3, raw.count] {
            #expect(Self.outcome(raw, step: step) == .request(body: Array("01234567890123456789a".utf8)))
        }
    }

    /// `Content-Length` fields that are repeated or comma-listed, even with equal values.
    static let badLengths = [
        "Content-Length: 0\r\nContent-Length: 0", "Content-Length: 5, 5", "Content-Length: 5\r\nContent-Length: 5",
        "Content-Length: 5,", "Content-Length: ,5", "Content-Length: +5", "Content-Length: 5 5",
    ]

    @Test("a repeated or listed Content-Length is a 400", arguments: badLengths)
    func badContentLength(_ field: String) throws {
        let raw = Array("POST / HTTP/1.1\r\nHost: t\r\n\(field)\r\n\r\nhello".utf8)
        #expect(Self.outcome(raw, step: raw.count) == .failed(.badRequest("invalid Content-Length")))
    }

    @Test("one Content-Length frames the body and leaves the next request buffered")
    func oneContentLength() throws {
        let raw = Array("POST / HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhelloGET / HTTP/1.1\r\nHost: t\r\n\r\n".utf8)
        #expect(Self.outcome(raw, step: raw.count) == .request(body: Array("hello".utf8)))
    }

    /// What the parser made of the first request.
    enum Outcome: Equatable {
        case request(body: [UInt8])
        case failed(ParseError)
        case incomplete
    }

    /// Feeds `raw` in pieces of `step` bytes, calling `next()` after each as the server does.
    static func outcome(_ raw: [UInt8], step: Int) -> Outcome {
        var parser = RequestParser(limits: ServerConfiguration())
        var offset = 0
        while offset < raw.count {
            parser.append(Array(raw[offset..<min(raw.count, offset + step)]))
            offset += step
            do {
                if let request = try parser.next() { return .request(body: request.body) }
            } catch {
                return .failed(error)
            }
        }
        return .incomplete
    }
}
