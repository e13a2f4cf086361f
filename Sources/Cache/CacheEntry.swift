import Hashing

/// A cached response body and what is needed to answer with it.
public struct CacheEntry: Sendable, Equatable {
    public var contentType: String
    public var etag: String
    /// Seconds since the epoch when it was written.
    public var created: Int
    public var body: [UInt8]

    public init(contentType: String, etag: String, created: Int, body: [UInt8]) {
        self.contentType = contentType
        self.etag = etag
        self.created = created
        self.body = body
    }
}

/// The on-disk form of an entry: a small self-describing text header, a blank line, the body.
///
/// ```
/// IMGFRAME-CACHE 1
/// content-type: image/jpeg
/// etag: "…"
/// created: 1795000000
/// length: 26813
/// checksum: <sha-256 of the body, hex>
///
/// <body>
/// ```
/// Reading checks every line, the length against the file and the checksum against the body; any
/// mismatch makes the entry invalid (never served).
enum EntryFile {
    static let magic = "IMGFRAME-CACHE \(CacheKey.formatVersion)"
    /// Headers longer than this are not ours.
    static let maxHeaderBytes = 1024

    static func encode(_ entry: CacheEntry) -> [UInt8] {
        let header = """
            \(magic)
            content-type: \(entry.contentType)
            etag: \(entry.etag)
            created: \(entry.created)
            length: \(entry.body.count)
            checksum: \(SHA256.hash(entry.body).hexString)


            """
        return Array(header.utf8) + entry.body
    }

    /// Why an entry file was rejected.
    enum Invalid: Error { case header, length, checksum }

    static func decode(_ bytes: [UInt8]) throws(Invalid) -> CacheEntry {
        // Byte-level parsing: this runs on every cache hit.
        let limit = min(bytes.count, maxHeaderBytes)
        var headerEnd = -1
        var i = 1
        while i < limit {
            if bytes[i] == 0x0A && bytes[i - 1] == 0x0A {
                headerEnd = i - 1
                break
            }
            i += 1
        }
        guard headerEnd > 0 else { throw .header }
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        for j in 0..<headerEnd where bytes[j] == 0x0A {
            lines.append(bytes[lineStart..<j])
            lineStart = j + 1
        }
        lines.append(bytes[lineStart..<headerEnd])
        guard lines.count == 6, lines[0].elementsEqual(magic.utf8) else { throw .header }
        func field(_ line: ArraySlice<UInt8>, _ name: String) throws(Invalid) -> String {
            let prefix = Array((name + ": ").utf8)
            guard line.count >= prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { throw .header }
            return String(decoding: line.dropFirst(prefix.count), as: UTF8.self)
        }
        let contentType = try field(lines[1], "content-type")
        let etag = try field(lines[2], "etag")
        guard let created = Int(try field(lines[3], "created")), let length = Int(try field(lines[4], "length")) else { throw .header }
        let checksum = try field(lines[5], "checksum")
        let bodyStart = headerEnd + 2
        guard bytes.count - bodyStart == length else { throw .length }
        let body = Array(bytes[bodyStart...])
        guard SHA256.hash(body).hexString == checksum else { throw .checksum }
        return CacheEntry(contentType: contentType, etag: etag, created: created, body: body)
    }
}
