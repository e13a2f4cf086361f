import CheckedConversion

/// Fetches one original over HTTP(S) (`CurlTransfer`): connect and total timeouts, a byte cap
/// checked as the body streams to a file, no redirects, TLS verified, and the connection pinned to
/// an address `AddressPolicy` has checked (unless the origin is internal). Conditional when
/// validators are given.
struct OriginClient: Sendable {
    let connectTimeout: Duration
    let totalTimeout: Duration
    let maxBytes: Int

    /// The validators of a cached copy, sent as `If-None-Match` / `If-Modified-Since`.
    struct Validators: Sendable, Equatable {
        var etag: String?
        var lastModified: String?

        /// `value` when it is safe to send back in a header, else `nil`: a control character (CR, LF,
        /// NUL, …) in a validator would end the header line and start another (RFC 9110 §5.5).
        static func checked(_ value: String) -> String? {
            value.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7F } ? value : nil
        }

        /// The validators a response carries.
        init(of response: CurlTransfer.Response) {
            self.init(etag: response.headers["etag"], lastModified: response.headers["last-modified"])
        }

        init(etag: String?, lastModified: String?) {
            self.etag = etag
            self.lastModified = lastModified
        }

        /// The conditional request's header lines; a validator from an older cache file is
        /// checked again, so no header can be injected toward the origin.
        var conditionalHeaders: [String] {
            (etag.flatMap(Self.checked).map { ["If-None-Match: \($0)"] } ?? [])
                + (lastModified.flatMap(Self.checked).map { ["If-Modified-Since: \($0)"] } ?? [])
        }
    }

    /// What a fetch gave.
    enum Outcome: Sendable, Equatable {
        /// 304: the cached copy is current.
        case notModified
        /// 200: the body was written to the file, `bytes` long, with the origin's validators and the
        /// body's SHA-256 (hex).
        case downloaded(bytes: Int, validators: Validators, digest: String)
    }

    /// GETs `path` of `origin` into `descriptor` (for a 200); `source` names the image in errors.
    /// The whole fetch ends by `deadline` (`timedOut` past it), whatever `totalTimeout` says.
    func fetch(
        _ origin: OriginMap.Origin, path: String, source: String, validators: Validators?, into descriptor: Int32, deadline: ContinuousClock.Instant
    ) throws(OriginError) -> Outcome {
        let request = try request(
            origin, url: origin.url(of: path), headers: validators?.conditionalHeaders ?? [], source: source, deadline: deadline)
        let response = try perform(request, source: source, into: descriptor)
        switch response.status {
        case 200:
            return .downloaded(bytes: response.bodyBytes, validators: Validators(of: response), digest: response.digest)
        case 304 where validators.map({ !$0.conditionalHeaders.isEmpty }) ?? false: return .notModified
        default: throw Self.error(forStatus: response.status, source: source)
        }
    }

    /// A request to `url` at `origin`: pinned to a checked address unless the origin is internal,
    /// with curl's timeouts cut to what is left until `deadline`.
    func request(
        _ origin: OriginMap.Origin, url: String, method: String = "GET", headers: [String] = [], source: String, deadline: ContinuousClock.Instant,
        maxBytes: Int? = nil
    ) throws(OriginError) -> CurlTransfer.Request {
        let remaining = min(totalTimeout, deadline - ContinuousClock.now)
        guard remaining > .milliseconds(1) else { throw .timedOut(source) }
        let pin = origin.isInternal ? nil : try AddressPolicy.pinnedAddress(host: origin.host, port: origin.port, source: source)
        return CurlTransfer.Request(
            url: url, method: method, headers: headers, pin: pin, connectTimeout: min(connectTimeout, remaining), totalTimeout: remaining,
            maxBytes: maxBytes ?? self.maxBytes)
    }

    /// Runs `request`, its failures as `OriginError`s naming `source`.
    func perform(_ request: CurlTransfer.Request, source: String, into descriptor: Int32? = nil) throws(OriginError) -> CurlTransfer.Response {
        switch CurlTransfer.perform(request, into: descriptor) {
        case .success(let response): return response
        case .failure(.tooLarge): throw .tooLarge(source, limit: request.maxBytes)
        case .failure(.timedOut): throw .timedOut(source)
        case .failure(.certificate(let detail)): throw .refused(source, .certificate(detail: detail))
        case .failure(.unavailable(let reason)): throw .unavailable(source, reason: reason)
        }
    }

    static func error(forStatus status: Int, source: String) -> OriginError {
        switch status {
        case 404, 410: .notFound(source)
        case 300..<400: .refused(source, .redirect(status: status))
        default: .failed(source, status: status)
        }
    }
}
