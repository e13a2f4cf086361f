import Foundation
import HTTP1

/// The answers that need no work beyond the identity, for every route that has one (`/img`,
/// `/view`, `/info`): `304` when `If-None-Match` matches the ETag (RFC 9110 §13.1.2: the weak
/// comparison, `*` matching any current representation), else nothing.
enum ConditionalResponse {
    /// The `304 Not Modified` for `ifNoneMatch` when it matches `etag`, carrying `headers` (the ETag
    /// and caching headers the `200` would have, RFC 9110 §15.4.5); `nil` when the body must be sent.
    static func notModified(ifNoneMatch: String?, etag: String, headers: HTTPHeaders) -> HTTPResponse? {
        guard let ifNoneMatch, matches(ifNoneMatch, etag) else { return nil }
        return HTTPResponse(status: .notModified, headers: headers)
    }

    /// Whether `If-None-Match` matches `tag` (weak comparison, RFC 9110 §13.1.2).
    static func matches(_ ifNoneMatch: String, _ tag: String) -> Bool {
        ifNoneMatch.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value == "*" { return true }
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == tag
        }
    }
}
