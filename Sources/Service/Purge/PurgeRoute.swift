import Cache
import CheckedConversion
import Dispatch
import Foundation
import HTTP1
import Logging
import Origins
import PlanJSON
import Synchronization
import TransformSpec

/// `POST /admin/purge?source=NAME` (or `template=NAME`, or `tag=s-…`), signed as image URLs are
/// (`exp=`, then `sig=` last), on the metrics listener only: removes every local result carrying
/// the tag, and the shared tier's objects of those results, and answers
/// `{"tag":"s-…","removed":N,"tier":M,"tier_failed":F}` so the operator can forward the tag to the
/// CDN. Without `signing.keys` every purge is refused.
///
/// Purges run one at a time on a queue of their own (a tier purge is one DELETE per result), never
/// on the event loops nor in the image lanes; at most `maxWaiting` wait, more are refused (503).
/// The tier's objects go first, so a request between the two cannot bring one back from the tier;
/// then the local entries, then the remembered identities, so the next request checks its sources
/// (a purged source that is gone answers 404, not a 304 from its old ETag). A `source=` under an
/// origin also makes its cached original due for revalidation, so a removed original answers 404
/// at once rather than being rendered again from the copy here.
final class PurgeRoute: Sendable {
    /// The path, on the metrics listener.
    static let path = "/admin/purge"
    /// Purges waiting or running beyond which new ones are refused.
    static let maxWaiting = 8

    let cache: ResultCache
    let tier: ResultTier?
    let identities: IdentityMemo
    /// The origins, whose cached original a `source=` purge expires; `nil` without origins.
    let origins: OriginSources?
    let signer: URLSigner
    let logger: Logger
    private let queue = DispatchQueue(label: "imgframe.purge", qos: .utility)
    private let waiting = Atomic<Int>(0)

    init(cache: ResultCache, tier: ResultTier?, identities: IdentityMemo, origins: OriginSources?, signer: URLSigner, logger: Logger) {
        self.cache = cache
        self.tier = tier
        self.identities = identities
        self.origins = origins
        self.signer = signer
        self.logger = logger
    }

    /// The route, answering `POST` only.
    var route: Route {
        Route(.other, .exact(Self.path), methods: [.post]) { [self] request, finish in handle(request, finish) }
    }

    /// What a purge names: its tag, and the source's name when it was given as `source=`.
    struct Target: Sendable, Equatable {
        let tag: String
        let source: String?
    }

    /// What one purge did.
    struct Outcome: Sendable, Equatable {
        let tag: String
        let removed: Int
        let tier: ResultTier.Deletion
    }

    private func handle(_ request: HTTPRequest, _ finish: @escaping Finish) {
        let target: Target
        do {
            target = try authorizedTarget(request)
        } catch {
            return finish(ErrorMapping.response(for: error, logger: logger), .notApplicable)
        }
        guard waiting.add(1, ordering: .relaxed).newValue <= Self.maxWaiting else {
            waiting.subtract(1, ordering: .relaxed)
            return finish(ErrorMapping.response(for: PurgeError.busy, logger: logger), .notApplicable)
        }
        queue.async { [self] in
            defer { waiting.subtract(1, ordering: .relaxed) }
            let outcome = purge(target)
            logger.info(
                "purged \(target.tag): \(outcome.removed) local results, \(outcome.tier.deleted) tier objects (\(outcome.tier.failed) failed)",
                metadata: ["imgframe.purge.tag": "\(target.tag)"])
            finish(Self.response(outcome, tier: tier != nil), .notApplicable)
        }
    }

    /// Removes the tag's results: the tier's objects first, then the local entries, then the
    /// identities; a source's cached original from an origin is made due for revalidation.
    func purge(_ target: Target) -> Outcome {
        let tag = target.tag
        let deletion = tier?.delete(cache.keys(tagged: tag)) ?? ResultTier.Deletion()
        if let source = target.source { origins?.expire(named: source) }
        let removed = cache.purge(tag: tag).count
        identities.forgetAll()
        return Outcome(tag: tag, removed: removed, tier: deletion)
    }

    /// What a signed request names; throws `PurgeError` for anything else.
    func authorizedTarget(_ request: HTTPRequest) throws(PurgeError) -> Target {
        guard signer.isEnabled else { throw .signingOff }
        let verdict = signer.verify(path: request.path, query: request.query, now: Int(saturating: Date().timeIntervalSince1970))
        guard verdict == .valid else {
            logger.info("403 \(Self.path): signature \(verdict.reason)", metadata: ["imgframe.signature.failure": "\(verdict.reason)"])
            throw .forbidden
        }
        return try Self.target(query: request.query)
    }

    /// What the query names: `s-…` of `source=`, `t-…` of `template=`, or `tag=` itself.
    static func target(query: Substring) throws(PurgeError) -> Target {
        guard let pairs = try? QueryParameters.pairs(String(query)) else { throw .unknownParameter("query") }
        var targets: [Target] = []
        for (key, value) in pairs {
            switch key {
            case "source", "template", "tag":
                guard !value.isEmpty else { throw .target }
                switch key {
                case "source": targets.append(Target(tag: PurgeTag.source(value), source: value))
                case "template": targets.append(Target(tag: PurgeTag.template(value), source: nil))
                default:
                    guard PurgeTag.isValid(value) else { throw .invalidTag(value) }
                    targets.append(Target(tag: value, source: nil))
                }
            case "exp", "sig": continue
            default: throw .unknownParameter(key)
            }
        }
        guard targets.count == 1 else { throw .target }
        return targets[0]
    }

    /// `{"tag":…,"removed":…,"tier":…,"tier_failed":…}`; the tier counts are 0 without a tier.
    static func response(_ outcome: Outcome, tier: Bool) -> HTTPResponse {
        let json = JSONValue.object([
            ("tag", .string(outcome.tag)), ("removed", .number(Double(outcome.removed))), ("tier", .number(Double(outcome.tier.deleted))),
            ("tier_failed", .number(Double(outcome.tier.failed))),
        ])
        return HTTPResponse(
            status: .ok, headers: [("Content-Type", "application/json"), ("Cache-Control", "no-store")], body: Array((json.serialized() + "\n").utf8))
    }
}
