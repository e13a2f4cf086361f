import CheckedConversion
import Layout

/// The one rule for source names, for the request path (`/img/…`, `/info/…`, `/playground/plan/…`)
/// and for the names a view gives (`Image("…")`, `overlay=`), whether they are then read from the
/// local root or from an origin. A name is relative and made of segments separated by `/`; a
/// segment is refused when it is empty (`//`, a leading `/`: an absolute path), `.` or `..`, or
/// holds a backslash or NUL. In a request path each segment is percent-decoded first (RFC 3986
/// §2.1) and may not decode to a `/` (`%2F`), so `..%2F..` and `%2e%2e` are refused like `../..`.
///
/// Every refusal here is a `SourceError.invalidName` (400: the spelling is wrong, whatever is on
/// disk). What passes may still be missing or lead outside the root through a symlink; that is
/// `SourceDirectory.path(for:)`'s `realpath` check, and a `notFound` (404) like any missing file.
public enum SourceName {
    /// The decoded source name for the raw request path `raw` (the part after the route's prefix).
    public static func decoding(requestPath raw: Substring) throws(SourceError) -> String {
        var segments: [String] = []
        for rawSegment in raw.split(separator: "/", omittingEmptySubsequences: false) {
            guard let bytes = PercentDecoding.bytes(rawSegment, plusAsSpace: false), let segment = String(validating: bytes, as: UTF8.self) else {
                throw .invalidName(String(raw), reason: "the image path is not valid percent-encoded UTF-8")
            }
            try check(segment: segment, name: String(raw))
            segments.append(segment)
        }
        return segments.joined(separator: "/")
    }

    /// Checks an already decoded name (`Image("a/b.png")`) segment by segment.
    public static func check(_ name: String) throws(SourceError) {
        for segment in name.split(separator: "/", omittingEmptySubsequences: false) {
            try check(segment: segment, name: name)
        }
    }

    /// One segment: not empty, not `.` or `..`, and no `/` (only a decoded `%2F` can hold one),
    /// backslash or NUL.
    private static func check(segment: some StringProtocol, name: String) throws(SourceError) {
        guard !segment.isEmpty else { throw .invalidName(name, reason: "the image path has an empty segment (`//` or a leading `/`)") }
        guard segment != ".", segment != ".." else { throw .invalidName(name, reason: "the image path may not contain `.` or `..` segments") }
        guard !segment.utf8.contains(where: { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "\\") || $0 == 0 }) else {
            throw .invalidName(name, reason: "the image path may not contain encoded slashes, backslashes or NUL")
        }
    }
}
