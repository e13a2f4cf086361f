/// How the result cache took part in an answer: the access log's `cache=` and the `X-Cache` header.
enum CacheStatus: String, Sendable {
    /// Served from the result cache.
    case hit = "HIT"
    /// Served from the shared result tier (`result_tier`), and now kept in the local cache too.
    case tierHit = "TIER-HIT"
    /// Rendered (and stored) on this request, or shared from a concurrent identical render.
    case miss = "MISS"
    /// `If-None-Match` matched: 304 without a body.
    case revalidated = "REVALIDATED"
    /// The cache had no part in the answer (errors, `/healthz`, the playground page).
    case notApplicable = "-"
}
