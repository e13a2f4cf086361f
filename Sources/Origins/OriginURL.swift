import CheckedConversion

/// An `http://` or `https://` URL as configured (an origin's base, an S3 endpoint): scheme, host
/// (lower-cased, IPv6 without brackets), port and path (ending with `/`). No credentials, query or
/// fragment: a request can never add them either.
struct OriginURL {
    let scheme: String
    let host: String
    let port: Int
    /// Starts and ends with `/`.
    let path: String

    /// Parses `url`; errors name the setting `name` is for.
    init(_ url: String, name: String) throws(OriginConfigurationError) {
        var rest: Substring
        if url.lowercased().hasPrefix("https://") {
            (scheme, rest) = ("https", url.dropFirst(8))
        } else if url.lowercased().hasPrefix("http://") {
            (scheme, rest) = ("http", url.dropFirst(7))
        } else {
            throw .init("`\(name)`: `\(url)` must start with http:// or https://")
        }
        let authorityEnd = rest.firstIndex(of: "/") ?? rest.endIndex
        let authority = rest[..<authorityEnd]
        rest = rest[authorityEnd...]
        guard !authority.contains("@"), !rest.contains("?"), !rest.contains("#") else {
            throw .init("`\(name)`: `\(url)` may not carry credentials, a query or a fragment")
        }
        var host = String(authority)
        var port = scheme == "https" ? 443 : 80
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { throw .init("`\(name)`: bad IPv6 address in `\(url)`") }
            let after = host[host.index(after: close)...]
            if after.hasPrefix(":") { port = try Self.port(after.dropFirst(), name: name) }
            host = String(host[host.index(after: host.startIndex)..<close])
        } else if let colon = host.lastIndex(of: ":") {
            port = try Self.port(host[host.index(after: colon)...], name: name)
            host = String(host[..<colon])
        }
        guard !host.isEmpty else { throw .init("`\(name)`: `\(url)` has no host") }
        var path = rest.isEmpty ? "/" : String(rest)
        if !path.hasSuffix("/") { path += "/" }
        self.host = host.lowercased()
        self.port = port
        self.path = path
    }

    private static func port(_ text: Substring, name: String) throws(OriginConfigurationError) -> Int {
        guard let port = Int(text), (1...65535).contains(port) else { throw .init("`\(name)`: bad port `\(text)`") }
        return port
    }
}
