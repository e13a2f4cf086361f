import CheckedConversion

/// The configured origins: a first path segment mapped to an HTTP(S) base URL or an S3 bucket, so the source name
/// `cdn/photos/a.jpg` reads `https://assets.example.com/photos/a.jpg` when `cdn` maps to
/// `https://assets.example.com/`. Names that do not start with an origin's segment stay local.
/// Requests can never name a URL of their own: only these bases are ever fetched.
public struct OriginMap: Sendable, Equatable {
    /// One origin.
    public struct Origin: Sendable, Equatable {
        /// The first path segment that selects it (`cdn`).
        public let name: String
        /// `http` or `https`.
        public let scheme: String
        /// Host name or address, without brackets.
        public let host: String
        public let port: Int
        /// The base path, starting and ending with `/`.
        public let basePath: String
        /// May resolve to private, loopback or link-local addresses (`origins.internal`).
        public let isInternal: Bool
        /// The bucket of an `s3://` origin, whose requests are signed; `nil` for an HTTP(S) one.
        public let bucket: S3Bucket?

        /// The URL of `path` (relative, already checked to have no `.`/`..` segments) at this origin.
        public func url(of path: String) -> String {
            if let bucket { return bucket.url(of: path) }
            let hostPart = host.contains(":") ? "[\(host)]" : host
            let defaultPort = scheme == "https" ? 443 : 80
            return "\(scheme)://\(hostPart)\(port == defaultPort ? "" : ":\(port)")\(basePath)\(URIEncoding.encode(path, keepingSlash: true))"
        }
    }

    public let origins: [Origin]

    public static let empty = OriginMap(origins: [])

    init(origins: [Origin]) {
        self.origins = origins
    }

    /// Parses `name=url, name=url` (`origins`; a URL is `http://`, `https://` or `s3://bucket/prefix/`),
    /// the comma-separated names of `internal` ones, and each S3 origin's `options` by its name.
    /// Errors say which entry is wrong and why.
    public init(_ text: String, internal internalText: String = "", options: [String: S3Bucket.Options] = [:]) throws(OriginConfigurationError) {
        var origins: [Origin] = []
        let internalNames = Set(internalText.split(separator: ",").map { $0.trimmed() }.filter { !$0.isEmpty })
        for entry in text.split(separator: ",").map({ $0.trimmed() }) where !entry.isEmpty {
            guard let equals = entry.firstIndex(of: "=") else { throw .init("`\(entry)` is not name=url") }
            let name = entry[..<equals].trimmed()
            let url = entry[entry.index(after: equals)...].trimmed()
            guard !name.isEmpty, name.utf8.allSatisfy({ Self.isNameByte($0) }) else {
                throw .init("origin name `\(name)` must be letters, digits, `-` or `_` (it is the first path segment)")
            }
            guard !origins.contains(where: { $0.name == name }) else { throw .init("origin `\(name)` is given twice") }
            origins.append(try Self.origin(name: name, url: url, isInternal: internalNames.contains(name), options: options[name]))
        }
        if let unknown = internalNames.first(where: { name in !origins.contains { $0.name == name } }) {
            throw .init("origins.internal names `\(unknown)`, which is not in origins")
        }
        if let unknown = options.keys.sorted().first(where: { name in !origins.contains { $0.name == name } }) {
            throw .init("origins.\(unknown).… is set, but `\(unknown)` is not in origins")
        }
        self.origins = origins
    }

    /// The origin and the path under it for a source name, or `nil` for a local name.
    public func origin(for sourceName: String) -> (origin: Origin, path: String)? {
        guard let slash = sourceName.firstIndex(of: "/") else { return nil }
        let first = sourceName[..<slash]
        // By bytes: `String ==` would take `\u{212A}` (KELVIN SIGN) for an origin named `K`.
        guard let origin = origins.first(where: { $0.name.utf8.elementsEqual(first.utf8) }) else { return nil }
        let path = String(sourceName[sourceName.index(after: slash)...])
        return path.isEmpty ? nil : (origin, path)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"):
            true
        default: false
        }
    }

    private static func origin(name: String, url: String, isInternal: Bool, options: S3Bucket.Options?) throws(OriginConfigurationError) -> Origin {
        if url.lowercased().hasPrefix("s3://") {
            let bucket: S3Bucket
            do {
                bucket = try S3Bucket(url: url, options: options ?? S3Bucket.Options())
            } catch {
                throw .init("origin `\(name)`: \(error.description)")
            }
            return Origin(
                name: name, scheme: bucket.scheme, host: bucket.host, port: bucket.port, basePath: bucket.objectPath(""), isInternal: isInternal,
                bucket: bucket)
        }
        if options != nil {
            throw .init("origins.\(name).region, .endpoint, .addressing and .credentials are for s3:// origins; `\(name)` is \(url)")
        }
        let parsed = try OriginURL(url, name: "origin \(name)")
        return Origin(
            name: name, scheme: parsed.scheme, host: parsed.host, port: parsed.port, basePath: parsed.path, isInternal: isInternal, bucket: nil)
    }
}

/// A wrong `origins` or `origins.internal` setting.
public struct OriginConfigurationError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
