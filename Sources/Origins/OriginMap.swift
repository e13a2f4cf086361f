import CheckedConversion

/// The configured origins: a first path segment mapped to an HTTP(S) base URL, so the source name
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

        /// The URL of `path` (relative, already checked to have no `.`/`..` segments) at this origin.
        public func url(of path: String) -> String {
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

    /// Parses `name=url, name=url` (`origins`) and the comma-separated names of `internal` ones.
    /// Errors say which entry is wrong and why.
    public init(_ text: String, internal internalText: String = "") throws(OriginConfigurationError) {
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
            origins.append(try Self.origin(name: name, url: url, isInternal: internalNames.contains(name)))
        }
        if let unknown = internalNames.first(where: { name in !origins.contains { $0.name == name } }) {
            throw .init("origins.internal names `\(unknown)`, which is not in origins")
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
            UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    private static func origin(name: String, url: String, isInternal: Bool) throws(OriginConfigurationError) -> Origin {
        let scheme: String
        var rest: Substring
        if url.lowercased().hasPrefix("https://") {
            (scheme, rest) = ("https", url.dropFirst(8))
        } else if url.lowercased().hasPrefix("http://") {
            (scheme, rest) = ("http", url.dropFirst(7))
        } else {
            throw .init("origin `\(name)`: `\(url)` must start with http:// or https://")
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        guard !authority.contains("@"), !rest.contains("?"), !rest.contains("#") else {
            throw .init("origin `\(name)`: `\(url)` may not carry credentials, a query or a fragment")
        }
        var host = String(authority)
        var port = scheme == "https" ? 443 : 80
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .init("origin `\(name)`: bad IPv6 address in `\(url)`") }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { port = try Self.port(after.dropFirst(), name: name) }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            port = try Self.port(host[host.index(after: colon)...], name: name)
            host = String(host[..<colon])
        }
        guard !host.isEmpty else { throw .init("origin `\(name)`: `\(url)` has no host") }
        var basePath = rest.isEmpty ? "/" : String(rest)
        if !basePath.hasSuffix("/") { basePath += "/" }
        return Origin(name: name, scheme: scheme, host: host.lowercased(), port: port, basePath: basePath, isInternal: isInternal)
    }

    private static func port(_ text: Substring, name: String) throws(OriginConfigurationError) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else { throw .init("origin `\(name)`: bad port `\(text)`") }
        return port
    }
}

/// A wrong `origins` or `origins.internal` setting.
public struct OriginConfigurationError: Error, Sendable, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
