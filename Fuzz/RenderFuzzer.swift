// libFuzzer harness for the whole render path in-process (compiled by scripts/fuzz together with
// Sources/Layout, TransformSpec, Vips, Sources and Render): query or chain → parse → layout → draw with
// libvips → encode. Limits are tightened so one execution takes milliseconds (output side ≤ 256,
// 2 s deadline). Invariants: no crash, no libvips assertion, GLib critical or GObject warning (made
// fatal), and no internal failure (a 500): every other RenderError is an acceptable answer.
import Foundation

/// Small sources written once at start-up: opaque JPEG, PNG with transparency, GIF, WebP, a @2x PNG
/// for cap insets, and an AVIF. Chains name them with `Image("…")`.
private let directory: SourceDirectory = {
    Vips.makeCriticalsFatal()
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("imgframe-render-fuzz-\(getpid())")
    try! FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func pixels(_ width: Int, _ height: Int, alpha: Bool) -> VImage {
        var bytes: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                bytes += [UInt8(x * 255 / width), UInt8(y * 255 / height), UInt8((x ^ y) & 255), alpha && x < width / 3 ? 0 : 255]
            }
        }
        return try! VImage.fromPixels(bytes, width: width, height: height, bands: 4)
    }
    let files: [(String, [UInt8])] = [
        ("a.jpg", try! pixels(48, 32, alpha: false).flattened(onto: [255, 255, 255]).jpeg(quality: 80)),
        ("b.png", try! pixels(20, 30, alpha: true).png()),
        ("c.gif", try! pixels(16, 16, alpha: true).gif()),
        ("d.webp", try! pixels(24, 12, alpha: false).webp(quality: 70)),
        ("e@2x.png", try! pixels(30, 30, alpha: true).png()),
        ("f.avif", try! pixels(40, 24, alpha: false).flattened(onto: [255, 255, 255]).avif(quality: 60)),
    ]
    for (name, bytes) in files {
        try! Data(bytes).write(to: folder.appendingPathComponent(name))
    }
    return SourceDirectory(root: folder.path)
}()

private let renderer: Renderer = {
    var limits = RenderLimits()
    limits.maxOutputSide = 256
    limits.maxOutputPixels = 256 * 256
    limits.maxIntermediateSide = 4096
    limits.maxTiles = 4096
    limits.maxRenderBytes = 64 * 1024 * 1024
    limits.timeout = .seconds(2)
    // Renders start from the decodes earlier inputs kept (JPEG shrink-on-load, AVIF full size), as
    // the service's do.
    return try! Renderer(limits: limits, derivedSources: DerivedSources(capacity: 16 << 20))
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 1, let text = String(validating: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self) else { return 0 }
    // First byte: bit 0 a whole query or a bare chain; bits 1–2 the formats fmt=auto may choose.
    let query = data[0] & 1 == 0 ? text : "chain=" + percentEncoded(text)
    let autoFormats: [[ImageFormat]] = [[], [.webp], [.avif, .webp], [.avif]]
    let sources = ["a.jpg", "b.png", "c.gif", "d.webp", "e@2x.png", "f.avif"]
    let source = sources[Int(data[0] >> 3) % sources.count]
    guard let spec = try? TransformSpec.parse(source: source, query: query) else { return 0 }
    // A missing or misspelled `Image("…")` is the lookup's answer, not the renderer's.
    guard let opened = try? directory.sources(for: spec.view.imageRefs, primary: spec.source, scale: spec.scale) else { return 0 }
    do {
        _ = try renderer.render(spec.renderRequest, sources: opened, autoFormats: autoFormats[Int(data[0] >> 1) & 3])
    } catch {
        // Every refusal names what the client can change; a libvips failure (500) is a bug here.
        if case .internalFailure(let failure) = error { preconditionFailure("internal failure for \(query): \(failure)") }
    }
    return 0
}
