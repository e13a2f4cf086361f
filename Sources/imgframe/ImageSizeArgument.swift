import ArgumentParser
import CheckedConversion
import Layout

/// A bitmap size on the command line: `WxH` pixels, optionally `@Nx` for the image scale.
struct ImageSizeArgument {
    var metrics: ImageMetrics

    /// Parses `4032x3024` or `68x68@2x`; `defaultScale` applies when there is no `@Nx`.
    init?(_ text: String, defaultScale: Double = 1) {
        let parts = text.split(separator: "@", maxSplits: 1)
        let dims = parts.first?.split(separator: "x") ?? []
        guard dims.count == 2, let w = Int(dims[0]), let h = Int(dims[1]), w > 0, h > 0 else { return nil }
        var scale = defaultScale
        if parts.count == 2 {
            guard parts[1].hasSuffix("x"), let s = Double(parts[1].dropLast()), s > 0, s.isFinite else { return nil }
            scale = s
        }
        metrics = ImageMetrics(pixelWidth: w, pixelHeight: h, scale: scale)
    }
}

/// `--image NAME=WxH[@Nx]`: another image a chain may show with `Image("NAME")`. Without `@Nx`, the
/// scale comes from the name (`dot@2x.png` → 2).
struct NamedImageArgument: ExpressibleByArgument {
    var name: String
    var metrics: ImageMetrics

    init?(argument: String) {
        guard let eq = argument.lastIndex(of: "=") else { return nil }
        let name = String(argument[..<eq])
        guard !name.isEmpty,
            let size = ImageSizeArgument(String(argument[argument.index(after: eq)...]), defaultScale: ImageMetrics.scale(fromFileName: name))
        else { return nil }
        self.name = name
        self.metrics = size.metrics
    }
}
