/// Why an original could not be had from its origin. Each names the source (never the origin's
/// body) and maps to one HTTP status; none of them is cached.
public enum OriginError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The origin answered 404 (or 410): the image does not exist there.
    case notFound(String)
    /// The origin could not be reached or answered an error (5xx, a bad response): 502.
    case unavailable(String, reason: String)
    /// The origin did not answer in time (connect or total timeout): 504.
    case timedOut(String)
    /// The fetch was refused for safety (a private address, a redirect, a certificate that does not
    /// verify): 502, and the reason says what to configure.
    case refused(String, reason: String)
    /// The original is larger than `limits.source_bytes`; the download was cut at the cap.
    case tooLarge(String, limit: Int)

    public var description: String {
        switch self {
        case .notFound(let name): "source image `\(name)` not found at its origin"
        case .unavailable(let name, let reason): "the origin of `\(name)` failed: \(reason)"
        case .timedOut(let name): "the origin of `\(name)` did not answer in time"
        case .refused(let name, let reason): "fetching `\(name)` was refused: \(reason)"
        case .tooLarge(let name, let limit): "source `\(name)` is larger than the limit of \(limit) bytes"
        }
    }
}
