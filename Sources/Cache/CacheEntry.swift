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
        let limit = min(bytes.count, maxHeaderBytes)
        guard let end = bytes[0..<limit].firstRange(of: [0x0A, 0x0A]) else { throw .header }
        let lines = String(decoding: bytes[0..<end.lowerBound], as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(magic) else { throw .header }
        var fields: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { throw .header }
            fields[String(line[..<colon])] = String(line[line.index(after: colon)...].drop { $0 == " " })
        }
        guard let contentType = fields["content-type"], let etag = fields["etag"], let created = fields["created"].flatMap(Int.init),
              let length = fields["length"].flatMap(Int.init), let checksum = fields["checksum"], fields.count == 5
        else { throw .header }
        let body = Array(bytes[end.upperBound...])
        guard body.count == length else { throw .length }
        guard SHA256.hash(body).hexString == checksum else { throw .checksum }
        return CacheEntry(contentType: contentType, etag: etag, created: created, body: body)
    }
}
