import HTTP1
import Layout
import Render
import Sources
import TransformSpec

/// One request for an image, or for a source's `/info`, on its way through `ImagePipeline`: what
/// was asked (set when the request is parsed); `identify` hands it on as an `IdentifiedJob`. A
/// value: each stage hands the job on with its part filled in; the parsed request it holds is
/// shared, not copied (a hit makes no copy of the spec).
struct ImageJob: Sendable {
    /// Answers the client (once); the second argument is the cache status for the access log.
    typealias Respond = @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void

    /// What the answer is made of.
    enum Product: Sendable {
        /// A rendered image (`/img`, `/view`), cached by its identity.
        case image(ImageRequest)
        /// A source's header as JSON (`/info`), made on the I/O lane and never cached.
        case info(InfoRequest)
    }

    /// An `/info` request: the source it describes, and the fixed text its answer is identified by.
    struct InfoRequest: Sendable {
        let source: String
        let canonical: String
    }

    let product: Product
    /// For an `/info` request asking for placeholders (whose product is the image they describe):
    /// what to answer with instead of the image. `nil` for every other job.
    let placeholders: PlaceholderRequest?
    /// The formats `fmt=auto` may choose from (the client's `Accept`, best first); empty otherwise.
    let formats: [ImageFormat]
    /// The request's `If-None-Match`.
    let ifNoneMatch: String?
    let respond: Respond
    /// When every fetch from an origin for this job must have ended: set once, when the job is
    /// made, so a job that runs again after waiting for another request's download keeps it.
    let originDeadline: ContinuousClock.Instant
    /// The sources opened and checked so far: a job that waited for another request's download
    /// runs again with what it had (`SourceResolver`).
    var sources: [ImageRef: ResolvedSource] = [:]

    /// The job of an image request (`/img`, `/view`).
    init(
        _ request: ImageRequest, formats: [ImageFormat], ifNoneMatch: String?, respond: @escaping Respond, originDeadline: ContinuousClock.Instant
    ) {
        product = .image(request)
        placeholders = nil
        self.formats = formats
        self.ifNoneMatch = ifNoneMatch
        self.respond = respond
        self.originDeadline = originDeadline
    }

    /// The job of an `/info` request for the source `name`, whose answer `canonical` names.
    init(info name: String, canonical: String, ifNoneMatch: String?, respond: @escaping Respond, originDeadline: ContinuousClock.Instant) {
        product = .info(InfoRequest(source: name, canonical: canonical))
        placeholders = nil
        formats = []
        self.ifNoneMatch = ifNoneMatch
        self.respond = respond
        self.originDeadline = originDeadline
    }

    /// The job of an `/info` request asking for placeholders: the image request's render, without
    /// `fmt=auto`'s negotiation (placeholders have no format to negotiate).
    init(placeholders request: PlaceholderRequest, ifNoneMatch: String?, respond: @escaping Respond, originDeadline: ContinuousClock.Instant) {
        product = .image(request.image)
        placeholders = request
        formats = []
        self.ifNoneMatch = ifNoneMatch
        self.respond = respond
        self.originDeadline = originDeadline
    }

    /// What decides the answer's bytes besides its sources: `TransformSpec.canonicalForm`, or a fixed
    /// text for `/info`. The cache key's and the ETag's input.
    var canonical: String {
        if let placeholders { return placeholders.canonical }
        return switch product {
        case .image(let request): request.canonical
        case .info(let info): info.canonical
        }
    }

    /// `canonical` without the cache-busting `v` (`/info`'s keeps it: it stores nothing), and that `v`.
    var bodyCanonical: String {
        if let placeholders { return placeholders.bodyCanonical }
        return switch product {
        case .image(let request): request.bodyCanonical
        case .info(let info): info.canonical
        }
    }

    var cacheVersion: String? {
        switch product {
        case .image(let request): request.spec.cacheVersion
        case .info: nil
        }
    }

    /// The remembered-identity key: the canonical form and the formats `fmt=auto` may choose from.
    var memoKey: IdentityMemo.Key {
        if let placeholders { return IdentityMemo.Key(canonical: ByteKey(placeholders.canonical), formats: []) }
        return switch product {
        case .image(let request): IdentityMemo.Key(canonical: request.canonicalKey, canonicalHash: request.canonicalHash, formats: formats)
        case .info(let info): IdentityMemo.Key(canonical: ByteKey(info.canonical), formats: [])
        }
    }

    /// Every image to look up, with the name it is looked up by.
    var images: [(ref: ImageRef, name: String)] {
        switch product {
        case .image(let request): request.images
        case .info(let info): [(.primary, info.source)]
        }
    }

    /// Which query parameter named each image besides the request's own, for a 404 that blames
    /// what the user wrote.
    var imageParameters: ImageParameters {
        switch product {
        case .image(let request): request.imageParameters
        case .info: .template
        }
    }

    /// The view template the result fills (`/view/`), for its purge tag; `nil` otherwise.
    var template: String? {
        switch product {
        case .image(let request): request.template
        case .info: nil
        }
    }

    /// The scale `Image("name")` lookups prefer (`name@2x`); 1 for `/info`.
    var scale: Double {
        switch product {
        case .image(let request): request.spec.scale
        case .info: 1
        }
    }
}

/// Which query parameter named an image besides the request's own: `overlay` when it is the
/// overlay, else `chain` (an `Image("name")` in it), else `path` (a view template's own image).
/// Read from the query when it is parsed, and remembered with the spec.
struct ImageParameters: Sendable {
    /// The `overlay=` value, if any.
    var overlay: String?
    /// Whether the request has a `chain=`.
    var hasChain: Bool

    /// A view template's images are its own: a missing one is the template's (`path`).
    static let template = ImageParameters(overlay: nil, hasChain: false)

    init(overlay: String?, hasChain: Bool) {
        self.overlay = overlay
        self.hasChain = hasChain
    }

    init(_ parameters: QueryParameters) {
        self.init(overlay: parameters["overlay"], hasChain: parameters["chain"] != nil)
    }

    /// The parameter that named the image `name`.
    func parameter(naming name: String) -> String {
        if let overlay, ByteKey(overlay) == ByteKey(name) { return "overlay" }
        return hasChain ? "chain" : "path"
    }
}

/// A job whose every source is opened and checked and whose identity is known: what `identify` hands
/// to the later stages, which have nothing left to unwrap.
struct IdentifiedJob: Sendable {
    let job: ImageJob
    /// Every image the job shows, opened and checked.
    let sources: [ImageRef: ResolvedSource]
    /// The cache key and ETag of the sources' current versions.
    let identity: IdentityMemo.Identity
}
