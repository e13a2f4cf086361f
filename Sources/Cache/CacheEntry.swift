import CheckedConversion
import Hashing

/// A cached response body and what is needed to answer with it.
public struct CacheEntry: Sendable, Equatable {
    public var contentType: String
    public var etag: String
    /// Seconds since the epoch when it was written.
    public var created: Int
    public var body: [UInt8]
    /// The purge tags of the result (`s-…` for each source, `t-…` for its template): a purge of
    /// one of them removes the entry. Printable ASCII words without spaces; may be empty.
    public var tags: [String]

    public init(contentType: String, etag: String, created: Int, body: [UInt8], tags: [String] = []) {
        self.contentType = contentType
        self.etag = etag
        self.created = created
        self.body = body
        self.tags = tags
    }
}

extension CacheEntry {
    /// The entry as its cache file holds it (header, checksum, body): what the shared result tier stores.
    public var fileBytes: [UInt8] { EntryFile.encode(self) }

    /// The entry a cache file's `bytes` hold, verified as a disk read is (every header line, the
    /// length, the checksum); `nil` when they are not a valid entry.
    public init?(fileBytes bytes: [UInt8]) {
        guard let header = try? EntryFile.header(bytes[...]), bytes.count - header.bodyStart == header.length else { return nil }
        let hasher = SHA256Hasher()
        bytes.withUnsafeBytes { all in
            hasher.update(UnsafeRawBufferPointer(rebasing: all[..<header.fieldsEnd]))
            hasher.update(UnsafeRawBufferPointer(rebasing: all[header.bodyStart...]))
        }
        guard hasher.finish().hexString == header.checksum else { return nil }
        self.init(
            contentType: header.contentType, etag: header.etag, created: header.created, body: Array(bytes[header.bodyStart...]), tags: header.tags)
    }
}

/// The on-disk form of an entry: a small self-describing text header, a blank line, the body.
///
/// ```
/// IMGFRAME-CACHE 4
/// content-type: image/jpeg
/// etag: "…"
/// created: 1795000000
/// length: 26813
/// tags: s-1b4f0e9851971998 t-9f86d081884c7d65
/// checksum: <sha-256 of the six lines above (with their line ends) followed by the body, hex>
///
/// <body>
/// ```
/// Reading checks every line, the length against the file and the checksum against the header
/// fields and the body (so a flipped `content-type` is caught too); any mismatch makes the entry
/// invalid (never served).
enum EntryFile {
    /// The first line of every entry of this format version.
    static let magic = "IMGFRAME-CACHE \(CacheKey.formatVersion)"
    /// Headers longer than this are not ours: room for about 200 tags. An entry whose header would
    /// not fit is not stored (`fits`).
    static let maxHeaderBytes = 4096

    /// What the header says, and where its parts are in the file.
    struct Header {
        /// The stored `Content-Type`.
        var contentType: String
        /// The stored `ETag`.
        var etag: String
        /// Seconds since the epoch when it was written.
        var created: Int
        /// Body length in bytes.
        var length: Int
        /// The stored purge tags.
        var tags: [String]
        /// Hex SHA-256 over `file[0..<fieldsEnd]` followed by the body.
        var checksum: String
        /// End of the checksummed header lines (the start of the `checksum:` line).
        var fieldsEnd: Int
        /// Where the body starts.
        var bodyStart: Int
    }

    /// The header lines the checksum covers, each ending in a line feed.
    static func fields(contentType: String, etag: String, created: Int, length: Int, tags: [String]) -> [UInt8] {
        let tagLine = tags.joined(separator: " ")
        return Array("\(magic)\ncontent-type: \(contentType)\netag: \(etag)\ncreated: \(created)\nlength: \(length)\ntags: \(tagLine)\n".utf8)
    }

    /// Whether `entry`'s header fits in `maxHeaderBytes` (the checksum line and blank line included).
    static func fits(_ entry: CacheEntry) -> Bool {
        fields(contentType: entry.contentType, etag: entry.etag, created: entry.created, length: entry.body.count, tags: entry.tags).count + 80
            <= maxHeaderBytes
    }

    /// The file's bytes for `entry`: the header lines, the checksum line, a blank line and the body.
    static func encode(_ entry: CacheEntry) -> [UInt8] {
        let fields = fields(contentType: entry.contentType, etag: entry.etag, created: entry.created, length: entry.body.count, tags: entry.tags)
        let hasher = SHA256Hasher()
        hasher.update(fields)
        hasher.update(entry.body)
        return fields + Array("checksum: \(hasher.finish().hexString)\n\n".utf8) + entry.body
    }

    /// Why an entry file was rejected.
    enum Invalid: Error { case header, length, checksum }

    /// Parses the header from the start of a file (at least its first `maxHeaderBytes`, or all of it).
    static func header(_ bytes: ArraySlice<UInt8>) throws(Invalid) -> Header {
        // Byte-level parsing: this runs on every cache hit.
        let start = bytes.startIndex
        let limit = start + min(bytes.count, maxHeaderBytes)
        var headerEnd = -1
        var i = start + 1
        while i < limit {
            if bytes[i] == 0x0A && bytes[i - 1] == 0x0A {
                headerEnd = i - 1
                break
            }
            i += 1
        }
        guard headerEnd > start else { throw .header }
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = start
        for j in start..<headerEnd where bytes[j] == 0x0A {
            lines.append(bytes[lineStart..<j])
            lineStart = j + 1
        }
        lines.append(bytes[lineStart..<headerEnd])
        guard lines.count == 7, lines[0].elementsEqual(magic.utf8) else { throw .header }
        func field(_ line: ArraySlice<UInt8>, _ name: String) throws(Invalid) -> String {
            let prefix = Array((name + ": ").utf8)
            guard line.count >= prefix.count, line.prefix(prefix.count).elementsEqual(prefix) else { throw .header }
            return String(decoding: line.dropFirst(prefix.count), as: UTF8.self)
        }
        let contentType = try field(lines[1], "content-type")
        let etag = try field(lines[2], "etag")
        guard let created = Int(try field(lines[3], "created")), let length = Int(try field(lines[4], "length")), length >= 0 else {
            throw .header
        }
        let tags = try field(lines[5], "tags").split(separator: " ").map(String.init)
        let checksum = try field(lines[6], "checksum")
        return Header(
            contentType: contentType, etag: etag, created: created, length: length, tags: tags, checksum: checksum,
            fieldsEnd: lines[6].startIndex - start, bodyStart: headerEnd + 2 - start)
    }
}
