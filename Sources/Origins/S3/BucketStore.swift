/// A bucket read and written as a store of objects by key (the shared result tier), rather than
/// as an origin of originals: signed GETs, PUTs and DELETEs under the bucket's prefix, each within its own
/// time budget. The bucket is the operator's, so the origin address rule does not apply to it.
public final class BucketStore: Sendable {
    public let bucket: S3Bucket
    private let client: S3Client

    /// A store for `bucket`, signed with the credentials its settings name, from `environment`.
    /// Throws when they are not configured there.
    public init(bucket: S3Bucket, environment: [String: String], connectTimeout: Duration) throws(CredentialError) {
        self.bucket = bucket
        let origin = OriginMap.Origin(
            name: "result_tier", scheme: bucket.scheme, host: bucket.host, port: bucket.port, basePath: bucket.objectPath(""), isInternal: true,
            bucket: bucket)
        let credentials = try CredentialProvider(bucket.credentials, environment: environment, region: bucket.region, timeout: connectTimeout)
        client = S3Client(
            origin: origin, bucket: bucket, credentials: credentials,
            client: OriginClient(connectTimeout: connectTimeout, totalTimeout: .seconds(3600), maxBytes: Int.max))
    }

    /// The object `key`'s bytes, `nil` when there is none; at most `maxBytes`, within `timeout`.
    public func read(_ key: String, timeout: Duration, maxBytes: Int) throws(OriginError) -> [UInt8]? {
        try client.read(key, source: key, deadline: .now + timeout, maxBytes: maxBytes)
    }

    /// Writes `bytes` as the object `key`, within `timeout`.
    public func write(_ key: String, bytes: [UInt8], contentType: String, timeout: Duration) throws(OriginError) {
        try client.put(key, body: bytes, contentType: contentType, source: key, deadline: .now + timeout)
    }

    /// Deletes the object `key` (none there is no error), within `timeout`.
    public func delete(_ key: String, timeout: Duration) throws(OriginError) {
        try client.delete(key, source: key, deadline: .now + timeout)
    }
}
