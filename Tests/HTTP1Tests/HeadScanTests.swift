@testable import HTTP1
import Testing

/// A head that arrives one byte per packet must cost work linear in its length: the parser keeps
/// where it stopped looking for the end of the head instead of starting over on every read.
@Suite("HTTP/1.1 parser: incremental head scanning")
struct HeadScanTests {
    /// A head of about `bytes` bytes: a request line and many header lines.
    static func head(bytes: Int) -> [UInt8] {
        var text = "GET /img/a.jpg?w=1 HTTP/1.1\r\nHost: t\r\n"
        var i = 0
        while text.utf8.count < bytes - 40 {
            text += "X-Filler-\(i): " + String(repeating: "v", count: 200) + "\r\n"
            i += 1
        }
        return Array((text + "\r\n").utf8)
    }

    /// Feeds `raw` one byte at a time; the request count and the bytes the parser examined.
    static func feedBytewise(_ raw: [UInt8], limits: ServerConfiguration) throws -> (requests: Int, scanned: Int) {
        var parser = RequestParser(limits: limits)
        var requests = 0
        for byte in raw {
            parser.append([byte])
            while try parser.next() != nil { requests += 1 }
        }
        return (requests, parser.scannedByteCount)
    }

    static var roomyLimits: ServerConfiguration {
        var limits = ServerConfiguration()
        limits.maxHeaderBytes = 128 * 1024
        limits.maxHeaderCount = 1000
        return limits
    }

    @Test("a 30 KB head sent byte by byte is scanned a bounded number of times per byte")
    func linearScan() throws {
        let raw = Self.head(bytes: 30_000)
        let (requests, scanned) = try Self.feedBytewise(raw, limits: Self.roomyLimits)
        #expect(requests == 1)
        // One pass to find the end of the head, one full parse of it: about 2 bytes examined per byte.
        #expect(scanned <= 3 * raw.count, "examined \(scanned) bytes for a \(raw.count)-byte head")
    }

    @Test("doubling the head doubles the work, it does not quadruple it")
    func doublingIsLinear() throws {
        let small = try Self.feedBytewise(Self.head(bytes: 15_000), limits: Self.roomyLimits)
        let large = try Self.feedBytewise(Self.head(bytes: 30_000), limits: Self.roomyLimits)
        #expect(small.requests == 1 && large.requests == 1)
        #expect(large.scanned <= 5 * small.scanned / 2, "\(small.scanned) → \(large.scanned)")
    }

    @Test("limits still apply as bytes arrive: 414 for the request line, 431 for the header block")
    func limitsWhileIncomplete() throws {
        var limits = ServerConfiguration()
        limits.maxRequestLineBytes = 1024
        limits.maxHeaderBytes = 4096
        var longLine = RequestParser(limits: limits)
        var lineError: ParseError?
        for byte in Array(("GET /" + String(repeating: "a", count: 3000)).utf8) where lineError == nil {
            longLine.append([byte])
            do { _ = try longLine.next() } catch { lineError = error }
        }
        #expect(lineError == .uriTooLong && longLine.bufferedByteCount <= 1026)

        var bigHeaders = RequestParser(limits: limits)
        var headerError: ParseError?
        for byte in Array(("GET / HTTP/1.1\r\nHost: t\r\nX: " + String(repeating: "b", count: 9000)).utf8) where headerError == nil {
            bigHeaders.append([byte])
            do { _ = try bigHeaders.next() } catch { headerError = error }
        }
        #expect(headerError == .headerFieldsTooLarge && bigHeaders.bufferedByteCount <= 4096 + 20)
    }

    @Test("a bad request line is refused as soon as it is complete, before the rest of the head")
    func earlyRequestLineError() throws {
        var parser = RequestParser(limits: ServerConfiguration())
        parser.append(Array("GET / HTTP/2.0\r\nHost: t\r\n".utf8))
        #expect(throws: ParseError.versionNotSupported) { try parser.next() }
    }

    @Test("heads split at every position parse to the same request, pipelined ones included")
    func everySplit() throws {
        let raw = Array("\r\nGET /a HTTP/1.1\r\nHost: t\r\nX: 1\r\n\r\nGET /b HTTP/1.1\nHost: t\n\n".utf8)
        for split in 0...raw.count {
            var parser = RequestParser(limits: ServerConfiguration())
            var targets: [String] = []
            for part in [raw[..<split], raw[split...]] {
                parser.append(Array(part))
                while let request = try parser.next() { targets.append(request.target) }
            }
            #expect(targets == ["/a", "/b"], "split at \(split)")
        }
    }
}
