import Layout
import TransformSpec

/// A parsed `/img` or `/view` request with what every job made from it needs worked out once: the
/// spec, its canonical form and the images it names. A pure function of the URL, so `SpecMemo`
/// keeps it and a repeated URL (a cache hit) works none of it out again. A class: jobs share it
/// (one reference counted per hit, where a copy would count every string and array in the spec).
final class ImageRequest: Sendable {
    let spec: TransformSpec
    /// `TransformSpec.canonicalForm`.
    let canonical: String
    /// The canonical form without the cache-busting `v`, which changes no byte: the cache key's input.
    let bodyCanonical: String
    /// `canonical` by its bytes, as the identity memo compares it.
    let canonicalKey: ByteKey
    /// `canonicalKey.hashValue` (the identity memo's key hashes this instead of the form).
    let canonicalHash: Int
    /// Which query parameter named each image besides the request's own.
    let imageParameters: ImageParameters
    /// Every image to look up, with the name it is looked up by (the view tree walked once, here).
    let images: [(ref: ImageRef, name: String)]
    /// The settings the URL leaves to Client Hints, when they are on.
    let openings: ClientHints.Openings
    /// The view template `/view/` filled, whose purge tag the result carries; `nil` for `/img`.
    let template: String?

    init(spec: TransformSpec, imageParameters: ImageParameters, openings: ClientHints.Openings = .none, template: String? = nil) {
        self.spec = spec
        self.openings = openings
        canonical = spec.canonicalForm
        var unversioned = spec
        unversioned.cacheVersion = nil
        bodyCanonical = spec.cacheVersion == nil ? canonical : unversioned.canonicalForm
        canonicalKey = ByteKey(canonical)
        canonicalHash = canonicalKey.hashValue
        self.imageParameters = imageParameters
        self.template = template
        images = spec.view.imageRefs.map { ref in
            switch ref {
            case .primary: (ref, spec.source)
            case .named(let name): (ref, name)
            }
        }
    }
}
