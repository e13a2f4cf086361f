/// Why an original could not be had from its origin. Each names the source as the client wrote it
/// (never the origin's body) and maps to one HTTP status; none of them is cached. `description`
/// has the whole story for the log (hosts, addresses, curl's text); `publicDescription` is what a
/// client may read: the source name and a generic reason.
public enum OriginError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The origin answered 404 (or 410): the image does not exist there.
    case notFound(String)
    /// The origin could not be reached or gave no usable response: 502. `reason` is for the log.
    case unavailable(String, reason: String)
    /// The origin answered an error status (5xx and the like): 502.
    case failed(String, status: Int)
    /// The origin did not answer in time (connect or total timeout): 504.
    case timedOut(String)
    /// The fetch was refused for safety: 502.
    case refused(String, Refusal)
    /// The original is larger than `limits.source_bytes`; the download was cut at the cap.
    case tooLarge(String, limit: Int)
    /// An S3 origin (`origin`, its name) refused the request with `status`: access denied, a bad
    /// signature or key, the wrong region, no credentials to be had: 502. `detail` (for the log)
    /// has S3's error code and what to do; never a secret.
    case denied(String, origin: String, status: Int, detail: String)

    /// Why a fetch was refused for safety.
    public enum Refusal: Sendable, Equatable {
        /// The origin's host resolves to an address the SSRF rule refuses; `detail` (for the log)
        /// names the host, the address and why.
        case address(detail: String)
        /// The origin answered a redirect (`status`), and redirects are not followed.
        case redirect(status: Int)
        /// The origin's TLS certificate does not verify; `detail` is curl's text (for the log).
        case certificate(detail: String)
    }

    public var description: String {
        switch self {
        case .unavailable(let name, let reason): "the origin of `\(name)` could not be reached: \(reason)"
        case .refused(let name, .address(let detail)): "fetching `\(name)` was refused: \(detail)"
        case .refused(let name, .certificate(let detail)): "fetching `\(name)` was refused: its origin's TLS certificate does not verify (\(detail))"
        case .denied(let name, let origin, let status, let detail):
            "the origin `\(origin)` refused to give `\(name)`\(status > 0 ? " (\(status))" : ""): \(detail)"
        default: publicDescription
        }
    }

    /// The message for the client: the source name and a generic reason, without the origin's host,
    /// its addresses or curl's text (those are in `description`, for the log).
    public var publicDescription: String {
        switch self {
        case .notFound(let name): "source image `\(name)` not found at its origin"
        case .unavailable(let name, _): "the origin of `\(name)` could not be reached"
        case .failed(let name, let status): "the origin of `\(name)` answered \(status)"
        case .timedOut(let name): "the origin of `\(name)` did not answer in time"
        case .refused(let name, .address):
            "fetching `\(name)` was refused: the origin's address is not allowed by the address rule (see origins.internal)"
        case .refused(let name, .redirect(let status)):
            "fetching `\(name)` was refused: its origin answered a redirect (\(status)), and redirects are not followed"
        case .refused(let name, .certificate): "fetching `\(name)` was refused: its origin's TLS certificate does not verify"
        case .tooLarge(let name, let limit): "source `\(name)` is larger than the limit of \(limit) bytes"
        case .denied(let name, let origin, _, _): "the origin `\(origin)` refused to give `\(name)`; the server's log says why"
        }
    }
}
