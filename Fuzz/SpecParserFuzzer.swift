// libFuzzer harness for the URL query and chain parsers (compiled by scripts/fuzz together with
// Sources/Layout and Sources/TransformSpec). Invariants: no crash; anything that parses prints a
// canonical chain that parses back to the same view; layout never traps.

private let catalog = ImageCatalog([
    .primary: ImageMetrics(pixelWidth: 4032, pixelHeight: 3024),
    .named("wm.png"): ImageMetrics(pixelWidth: 34, pixelHeight: 34, scale: 2),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    // First byte chooses: a whole query, or a bare chain.
    let query = data[0] % 2 == 0 ? String(text.dropFirst()) : "chain=" + percentEncoded(String(text.dropFirst()))
    guard let spec = try? TransformSpec.parse(source: "a.jpg", query: query) else { return 0 }
    // The canonical chain is the service's own text (cache keys), not user input: read it back
    // without the request limits (a long but allowed name can print a chain past them). It is not
    // split as a query: names may contain `&` and `=` inside their quotes.
    let chain = spec.canonicalChain
    let again = try? TransformSpec.parseChain(chain, source: "a.jpg", limits: .unbounded)
    precondition(again == spec.view, "canonical chain does not read back: \(chain)")
    _ = try? LayoutEngine.plan(spec.view, images: catalog, proposal: spec.proposal, scale: spec.scale).json.serialized()
    return 0
}
