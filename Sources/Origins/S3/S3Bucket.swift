/// A bucket (and a key prefix in it) of an S3-compatible store, as an origin (`origins =
/// media=s3://bucket/prefix/`) or the shared result tier (`result_tier = s3://…`) names it, with
/// where it is reached (`endpoint`, `addressing`), its `region` and how requests to it are signed.
public struct S3Bucket: Sendable, Equatable {
    /// How a request names the bucket: in the host (`bucket.s3.region.amazonaws.com`, AWS's way)
    /// or as the first path segment (`endpoint/bucket/key`, which MinIO, R2, B2 and IP addresses need).
    public enum Addressing: String, Sendable, Equatable, CaseIterable {
        /// Virtual-host on AWS for a bucket name that is one DNS label; path-style elsewhere.
        case auto
        case path
        case virtual
    }

    /// The per-bucket settings as configured (`origins.NAME.region`, `.endpoint`, `.addressing`,
    /// `.credentials`; `result_tier.…`), each with its default.
    public struct Options: Sendable, Equatable {
        /// Default `region`: AWS's first.
        public static let defaultRegion = "us-east-1"

        /// `us-east-1`, `eu-west-1`; `auto` for R2.
        public var region = Options.defaultRegion
        /// `https://host[:port]` of an S3-compatible store; `nil` for AWS's own (`s3.REGION.amazonaws.com`).
        public var endpoint: String?
        public var addressing = Addressing.auto
        public var credentials = CredentialSource.auto

        public init() {}
    }

    /// The bucket's name.
    public let name: String
    /// The key prefix, empty or ending with `/`.
    public let prefix: String
    public let region: String
    public let credentials: CredentialSource
    /// `http` or `https`.
    public let scheme: String
    /// The host requests go to (with the bucket in it for virtual-host addressing).
    public let host: String
    public let port: Int
    /// Whether the bucket is the path's first segment.
    public let isPathStyle: Bool

    /// The bucket of `url` (`s3://bucket/prefix/`) reached as `options` say. Errors say what is wrong.
    public init(url: String, options: Options) throws(OriginConfigurationError) {
        guard url.lowercased().hasPrefix("s3://") else { throw .init("`\(url)` must start with s3://") }
        let rest = url.dropFirst(5)
        let slash = rest.firstIndex(of: "/") ?? rest.endIndex
        let bucket = String(rest[..<slash])
        guard Self.isBucketName(bucket) else {
            throw .init("`\(bucket)` is not a bucket name (3–63 characters: lower-case letters, digits, `.` and `-`)")
        }
        var prefix = String(rest[slash...].drop { $0 == "/" })
        guard !prefix.contains("?"), !prefix.contains("#"), !prefix.split(separator: "/").contains(where: { $0 == "." || $0 == ".." }) else {
            throw .init("the key prefix `\(prefix)` may not have a query, a fragment, or `.`/`..` segments")
        }
        if !prefix.isEmpty && !prefix.hasSuffix("/") { prefix += "/" }
        guard !options.region.isEmpty, options.region.utf8.allSatisfy({ Self.isRegionByte($0) }) else {
            throw .init("region `\(options.region)` must be letters, digits and `-` (`us-east-1`, `auto`)")
        }
        let endpoint: (scheme: String, host: String, port: Int)
        let isAWS: Bool
        if let text = options.endpoint, !text.isEmpty {
            let parsed = try OriginURL(text, name: "endpoint")
            guard parsed.path == "/" else { throw .init("endpoint `\(text)` may not have a path") }
            endpoint = (parsed.scheme, parsed.host, parsed.port)
            isAWS = parsed.host.hasSuffix(".amazonaws.com")
        } else {
            endpoint = ("https", "s3.\(options.region).amazonaws.com", 443)
            isAWS = true
        }
        let pathStyle: Bool
        switch options.addressing {
        case .path: pathStyle = true
        case .virtual:
            guard !bucket.contains(".") || endpoint.scheme == "http" else {
                throw .init("bucket `\(bucket)` has a `.`, which a TLS certificate for *.\(endpoint.host) does not cover: use addressing = path")
            }
            pathStyle = false
        case .auto: pathStyle = !isAWS || bucket.contains(".")
        }
        name = bucket
        self.prefix = prefix
        region = options.region
        credentials = options.credentials
        scheme = endpoint.scheme
        host = pathStyle ? endpoint.host : "\(bucket).\(endpoint.host)"
        port = endpoint.port
        isPathStyle = pathStyle
    }

    /// The request path (not encoded) of the object `key` under the prefix.
    public func objectPath(_ key: String) -> String {
        (isPathStyle ? "/\(name)/" : "/") + prefix + key
    }

    /// The URL of the object `key` under the prefix.
    public func url(of key: String) -> String {
        "\(scheme)://\(hostHeader)\(URIEncoding.encode(objectPath(key), keepingSlash: true))"
    }

    /// The `Host` header: the host, and the port unless it is the scheme's own.
    public var hostHeader: String {
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return port == (scheme == "https" ? 443 : 80) ? hostPart : "\(hostPart):\(port)"
    }

    /// `s3://bucket/prefix/`, for messages.
    public var displayName: String { "s3://\(name)/\(prefix)" }

    /// S3's rule for new buckets, loosened for older ones (upper case and `_` are refused: they
    /// cannot be in a host name).
    static func isBucketName(_ name: String) -> Bool {
        (3...63).contains(name.utf8.count)
            && name.utf8.allSatisfy { ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2E || $0 == 0x2D }
            && !name.hasPrefix(".") && !name.hasPrefix("-") && !name.hasSuffix(".") && !name.hasSuffix("-") && !name.contains("..")
    }

    private static func isRegionByte(_ byte: UInt8) -> Bool {
        (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2D
    }
}
