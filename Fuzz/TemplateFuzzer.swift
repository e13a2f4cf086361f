// libFuzzer harness for the view-template evaluator (compiled by scripts/fuzz together with
// Sources/Layout and Sources/TransformSpec). Templates are code: the input is a template file, in a
// folder with a second file of shared declarations it may use. Invariants: no crash and no hang
// (recursion, loops and sizes are bounded); anything that loads and runs prints a canonical chain
// that reads back to the same view; layout never traps.

private let catalog = ImageCatalog([
    .named("otus"): ImageMetrics(pixelWidth: 3024, pixelHeight: 4032),
    .named("Landscape_4"): ImageMetrics(pixelWidth: 1000, pixelHeight: 667),
])

/// Declarations the fuzzed file can reach by name, as another file of its folder.
private let shared = """
    let backgroundGradient = LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
    let names = ["Ana", "Bo", "Cy"]
    struct Star: View {
        var size: Double = 20
        var body: some View { Image(systemName: "star.fill").font(.system(size: size)) }
    }
    func row(_ title: String, count: Int) -> some View {
        HStack { Text(title); Spacer(); Text("\\(count)") }
    }
    extension View {
        func card(_ color: Color = .blue) -> some View { self.padding().background(color) }
    }
    """

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTemplate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0, let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else { return 0 }
    let module = TemplateModule(files: [(name: "card", text: text), (name: "shared", text: shared)])
    guard let template = try? ViewTemplate(name: "card", module: module, limits: SpecLimits()) else { return 0 }
    // Every parameter given a value of its kind, as a request would.
    let query = template.parameters.map { name -> String in
        switch template.kinds[name] ?? .text {
        case .text: name + "=Ana"
        case .number: name + "=3"
        case .date: name + "=2026-11-27T22:15"
        case .bool: name + "=true"
        case .color: name + "=orange"
        }
    }.joined(separator: "&")
    guard let spec = try? template.spec(query: query, limits: SpecLimits()) else { return 0 }
    let chain = spec.canonicalChain
    let again = try? TransformSpec.parseChain(chain, source: "", limits: .unbounded)
    precondition(again == spec.view, "canonical chain does not read back: \(chain)")
    _ = try? LayoutEngine.plan(spec.view, images: catalog, proposal: spec.proposal, scale: spec.scale).json.serialized()
    return 0
}
