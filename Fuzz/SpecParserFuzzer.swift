// libFuzzer harness for the URL query and chain parsers, and imgproxy's and thumbor's URL readers
// (compiled by scripts/fuzz together with Sources/Layout and Sources/TransformSpec). Invariants: no
// crash; anything that parses prints a canonical chain that parses back to the same view; layout
// never traps.

private let catalog = ImageCatalog([
    .primary: ImageMetrics(pixelWidth: 4032, pixelHeight: 3024),
    .named("wm.png"): ImageMetrics(pixelWidth: 34, pixelHeight: 34, scale: 2),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    // First byte chooses: an imgproxy path (6 mod 8), a thumbor path (7 mod 8), else a whole query
    // (even) or a bare chain (odd).
    let rest = String(text.dropFirst())
    let parsed: TransformSpec?
    switch data[0] % 8 {
    case 6: parsed = try? ImgproxyURL.request(Substring(rest), sourceName: { _ in "cdn/a.jpg" }, watermark: "wm.png").spec
    case 7: parsed = try? ThumborURL.request(Substring(rest)).spec
    default: parsed = try? TransformSpec.parse(source: "a.jpg", query: data[0] % 2 == 0 ? rest : "chain=" + percentEncoded(rest))
    }
    guard let spec = parsed else { return 0 }
    // The canonical chain is the service's own text (cache keys), not user input: read it back
    // without the request limits (a long but allowed name can print a chain past them). It is not
    // split as a query: names may contain `&` and `=` inside their quotes.
    let chain = spec.canonicalChain
    let again = try? TransformSpec.parseChain(chain, source: spec.source, limits: .unbounded)
    precondition(again == spec.view, "canonical chain does not read back: \(chain)")
    _ = try? LayoutEngine.plan(spec.view, images: catalog, proposal: spec.proposal, scale: spec.scale).json.serialized()
    return 0
}
