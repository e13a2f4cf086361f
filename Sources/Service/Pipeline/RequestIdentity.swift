import Cache
import Foundation
import Layout
import Render
import Sources
import TransformSpec
import Vips

/// Everything that decides a response's bytes: the canonical request, each source's identity
/// (name, size, modification time), the formats `fmt=auto` may choose from and the brand fonts'
/// version (`ServiceConfiguration.fontsVersion`). The cache key is its SHA-256 and the ETag is taken
/// from the same hash, so they always change together. The cache-busting `v` changes no byte: it is
/// left out of the key (a new `v` is a hit, never a new render or a new stored body) and kept in the
/// ETag (a client revalidating the old URL's tag against the new URL gets the body again).
struct RequestIdentity {
    /// The one version of the render pipeline's output: bump it when the same request would give
    /// different bytes. It is part of the identity hash, so one bump changes both the cache key
    /// (old entries miss and age out of the LRU budget) and the ETag (clients revalidate to a 200).
    /// The cache's own `CacheKey.formatVersion` is only the on-disk entry layout; it does not need
    /// a bump for a pipeline change, and bumping it changes neither keys nor ETags.
    /// render-2: JPEG and WebP sources shrink on load down to the target size (JPEG 1/8 where 1/4 was the limit).
    /// render-3: libvips's run-time vector (orc) code is off; its C resampling rounds a level differently.
    /// render-4: Text lines are spaced with SF Pro's vertical metrics and drawn run by run in colour.
    /// render-5: A PDF embeds a JPEG's image segments only (no metadata, nothing after EOI), after a decode check;
    /// a word longer than 128 characters gets a break opportunity after each one.
    /// render-6: Debian 13's libvips 8.16 with its SIMD (Highway) paths on, Inter 4.1, cairo 1.18; linear
    /// light keeps alpha in 0…1.
    /// render-7: each lossy format at its own default quality (WebP 85, AVIF 72, JPEG XL 78; JPEG stays
    /// 80); fully transparent pixels are written with colour 0; animated GIF and WebP sources stay
    /// animated in GIF and WebP output (`fmt=auto` too); still output carries no frame timing.
    /// render-8: `square.and.arrow.down` draws Bootstrap's `box-arrow-in-down` (the arrow goes into the box, as SF's),
    /// `location` its `cursor` (SF's navigation arrow, not a map pin).
    /// render-9: an output keeps the EXIF Copyright of its primary source by default (`meta=copyright`).
    static let pipelineVersion = "render-9"

    let key: CacheKey
    /// The request's `v`, which only the ETag carries.
    let cacheVersion: String?

    /// `canonical` is the request's canonical form without its `v`, which is `cacheVersion`.
    init(canonical: String, cacheVersion: String? = nil, sources: [SourceVersion], formats: [String], fonts: String?) {
        self.cacheVersion = cacheVersion
        var text = Self.pipelineVersion + "\n" + canonical + "\n"
        // Only when brand fonts are loaded: without them every key stays what it was.
        if let fonts { text += "fonts\t\(fonts)\n" }
        // By bytes: `String <` holds canonically equivalent names (NFC and NFD `café`) equal, which
        // would leave their order, and so the key, to the order they were resolved in.
        for source in sources.sorted(by: { ByteKey($0.name) < ByteKey($1.name) }) {
            text += "\(source.name)\t\(source.version)\n"
        }
        key = CacheKey(material: text + formats.joined(separator: ","))
    }

    /// A strong entity tag: 128 bits of the identity hash (with `v`, of the key and `v`), quoted.
    var etag: String {
        let hex = cacheVersion.map { CacheKey(material: key.hex + "\nv=" + $0).hex } ?? key.hex
        return "\"" + hex.prefix(32) + "\""
    }
}
