import HTTP1
import Layout
import Render
import Sources
import TransformSpec

/// One request for an image, or for a source's `/info`, on its way through `ImagePipeline`: what
/// was asked (set when the request is parsed) and what each stage has learned (the sources and the
/// identity, set by `identify`). A value: each stage hands the job on with its part filled in.
struct ImageJob: Sendable {
    /// Answers the client (once); the second argument is the cache status for the access log.
    typealias Respond = @Sendable (HTTPResponse, _ cache: CacheStatus) -> Void

    /// What the answer is made of.
    enum Product: Sendable {
        /// A rendered image (`/img`, `/view`), cached by its identity.
        case image(TransformSpec)
        /// A source's header as JSON (`/info`), made on the I/O lane and never cached.
        case info(source: String)
    }

    let product: Product
    /// What decides the answer's bytes besides its sources: `TransformSpec.canonicalForm`, or a fixed
    /// text for `/info`. The cache key's and the ETag's input.
    let canonical: String
    /// The formats `fmt=auto` may choose from (the client's `Accept`, best first); empty otherwise.
    let formats: [ImageFormat]
    /// The request's `If-None-Match`.
    let ifNoneMatch: String?
    /// Which query parameter named each image besides the request's own, for a 404 that blames
    /// what the user wrote.
    let imageParameters: ImageParameters
    let respond: Respond

    /// When every fetch from an origin for this job must have ended: set once, when the job is
    /// made, so a job that runs again after waiting for another request's download keeps it.
    let originDeadline: ContinuousClock.Instant
    /// The remembered-identity key: the canonical form and the formats `fmt=auto` may choose from.
    let memoKey: IdentityMemo.Key
    /// Every image to look up, with the name it is looked up by (the view tree walked once, here).
    let images: [(ref: ImageRef, name: String)]
    /// Every source, opened and checked: set by `identify`.
    var sources: [ImageRef: ResolvedSource] = [:]
    /// The cache key and ETag of the sources' current versions: set by `identify`.
    var identity: IdentityMemo.Identity?

    init(
        product: Product, canonical: String, formats: [ImageFormat], ifNoneMatch: String?, imageParameters: ImageParameters,
        respond: @escaping Respond, originDeadline: ContinuousClock.Instant
    ) {
        self.product = product
        self.canonical = canonical
        self.formats = formats
        self.ifNoneMatch = ifNoneMatch
        self.imageParameters = imageParameters
        self.respond = respond
        self.originDeadline = originDeadline
        memoKey = IdentityMemo.Key(canonical: canonical, formats: formats.map(\.rawValue))
        let (refs, primary): (Set<ImageRef>, String) =
            switch product {
            case .image(let spec): (spec.view.imageRefs, spec.source)
            case .info(let source): ([.primary], source)
            }
        images = refs.map { ref in
            switch ref {
            case .primary: (ref, primary)
            case .named(let name): (ref, name)
            }
        }
    }

    /// The scale `Image("name")` lookups prefer (`name@2x`); 1 for `/info`.
    var scale: Double {
        switch product {
        case .image(let spec): spec.scale
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
