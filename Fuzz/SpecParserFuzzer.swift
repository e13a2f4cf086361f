// libFuzzer harness for the URL query and chain parsers (compiled by scripts/fuzz together with
// Sources/Layout and Sources/TransformSpec). Invariants: no crash; anything that parses prints a
// canonical form that parses back to the same request; layout never traps.

private let catalog = ImageCatalog([
    .primary: ImageMetrics(pixelWidth: 4032, pixelHeight: 3024),
    .named("wm.png"): ImageMetrics(pixelWidth: 34, pixelHeight: 34, scale: 2),
])

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecParser(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    // First byte chooses: a whole query, or a bare chain.
    let query = data[0] % 2 == 0 ? String(text.dropFirst()) : "chain=" + percentEncode(String(text.dropFirst()))
    guard let spec = try? TransformSpec.parse(source: "a.jpg", query: query) else { return 0 }
    let canonical = spec.canonicalForm
    // The canonical form is the service's own text (cache keys), not user input: read it back
    // without the request limits (a long but allowed overlay name can print a chain past them).
    let again = try? TransformSpec.parse(source: "a.jpg", query: canonical.split(separator: "&").map { pair in
        let parts = pair.split(separator: "=", maxSplits: 1)
        return parts[0] + "=" + percentEncode(String(parts.count > 1 ? parts[1] : ""))
    }.joined(separator: "&"), limits: .unbounded)
    precondition(again == spec, "canonical form does not round-trip: \(canonical)")
    _ = try? LayoutEngine.plan(spec.view, images: catalog, proposal: spec.proposal, scale: spec.scale).json.serialized()
    return 0
}

private func percentEncode(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
        let c = Character(Unicode.Scalar(byte))
        if byte < 0x80, c.isLetter || c.isNumber || "-._~".contains(c) { out.append(c) } else {
            let hex = String(byte, radix: 16, uppercase: true)
            out += "%" + (hex.count == 1 ? "0" : "") + hex
        }
    }
    return out
}
