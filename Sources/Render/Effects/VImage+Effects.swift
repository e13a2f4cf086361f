import CheckedConversion
import Layout
import Vips

extension RGBAColor {
    /// `shadow`'s default colour: black at 33 % opacity (SwiftUI's `Color(.sRGBLinear, white: 0, opacity: 0.33)`).
    static let defaultShadow = RGBAColor(red: 0, green: 0, blue: 0, opacity: 0.33)
}

/// Effects that do not change layout (spec §7), on 8-bit straight-alpha images. Anything that blurs
/// works on premultiplied colour, so transparent pixels' colour never bleeds in.
extension VImage {
    /// Extent a Gaussian of `sigma` pixels is given on every side: 2.8σ, rounded up (SwiftUI's
    /// shadow insets, `ResolvedShadowStyle`: spread = radius × −2.8).
    static func blurMargin(sigma: Double) -> Int {
        sigma > 0 ? Int(saturating: (2.8 * sigma).rounded(.up)) : 0
    }

    /// Widest Gaussian computed at full resolution, in pixels. A Gaussian's kernel grows with σ (about
    /// 7σ taps per axis), so four shadows of radius 99 over 2000 points took the whole 10-second
    /// deadline; past this σ the blur runs on a box-shrunk copy instead (`gaussianBlurredScaled`).
    static let directBlurSigma = 12.0

    /// A Gaussian blur of σ = `sigma` pixels whose cost stops growing with σ: up to `directBlurSigma`
    /// it is exact; wider, the image is shrunk by k = ⌈σ / directBlurSigma⌉, blurred with σ / k and
    /// enlarged back (bilinear) to its own size: within 6 levels of the exact blur, 1.2 on average
    /// (`EffectTests`). The image must be opaque or premultiplied.
    func gaussianBlurredScaled(sigma: Double) throws(VipsError) -> VImage {
        let k = Int(saturating: (sigma / Self.directBlurSigma).rounded(.up))
        guard k > 1, width >= 2 * k, height >= 2 * k else { return try gaussianBlurred(sigma: sigma, minAmplitude: 0.002) }
        let small = try resampledStraight(width: max(1, width / k), height: max(1, height / k), kernel: .linear)
        // Computed once into memory (it is small: 1/k² of the pixels), or the enlargement would ask
        // libvips to redo the shrink and blur for every strip it reads.
        let blurred = try small.gaussianBlurred(sigma: sigma / Double(k), minAmplitude: 0.002).materialized()
        return try blurred.resampledStraight(width: width, height: height, kernel: .linear)
    }

    /// A solid `color` layer whose alpha is `coverage` (one 8-bit band) × the colour's opacity: the
    /// colour is exact in every pixel, whatever the coverage.
    static func colored(_ coverage: VImage, color: RGBAColor) throws(VipsError) -> VImage {
        let bytes = color.bytes
        let alpha = bytes[3] == 255 ? coverage : try coverage.linear(multiply: [color.opacity], add: [0]).rounded8()
        let rgb = try VImage.constant(width: coverage.width, height: coverage.height, color: bytes.prefix(3).map(Double.init))
        return try rgb.joined(with: alpha)
    }

    /// `clipShape`/`cornerRadius`: alpha multiplied by `mask` (one 8-bit band of this image's size,
    /// 255 = keep), colour untouched. An image without alpha gets one first; the format is kept.
    func clipped(toMask mask: VImage) throws(VipsError) -> VImage {
        precondition(mask.width == width && mask.height == height && mask.bands == 1, "the mask must be one band of the image's size")
        let image = try withAlpha()
        let colour = image.bands - 1
        let alpha = try image.bands(colour).multiplied(by: mask).linear(multiply: [1.0 / 255], add: [0]).rounded(like: image)
        return try image.bands(0, count: colour).joined(with: alpha)
    }

    /// `opacity(_:)`: alpha × `opacity` (clamped to 0…1), colour untouched; the format is kept.
    func withOpacity(_ opacity: Double) throws(VipsError) -> VImage {
        let factor = min(max(opacity, 0), 1)
        let image = try withAlpha()
        if factor == 1 { return image }
        let ones = [Double](repeating: 1, count: image.bands - 1)
        return try image.linear(multiply: ones + [factor], add: [Double](repeating: 0, count: image.bands)).rounded(like: image)
    }

    /// `shadow(color:radius:x:y:)` (spec §7.1) of this layer: its alpha × the colour's opacity,
    /// blurred with a Gaussian of σ = `radius` × `scale` pixels (libvips `gaussblur`, kernel cut at
    /// amplitude 0.002), in `color`. The result is grown by 2.8σ on every side and moved by the offset
    /// (points rounded to the pixel grid as layout rounds an edge, `PixelGrid.pixel`: −0.5 px is 0);
    /// its `x`, `y` are relative to this image's top-left.
    /// Composite it under the layer.
    func shadow(
        color: RGBAColor = .defaultShadow, radius: Double, offsetX: Double = 0, offsetY: Double = 0, scale: Double = 1
    ) throws(VipsError) -> Layer {
        let sigma = max(radius, 0) * scale
        let margin = Self.blurMargin(sigma: sigma)
        let (w, h) = (width + 2 * margin, height + 2 * margin)
        // 0…255, as the 8-bit shadow layer takes it (linear light keeps alpha in 0…1).
        let alpha: VImage
        if !hasAlpha {
            alpha = try VImage.constant(width: width, height: height, color: [255])
        } else if isLinearLight {
            alpha = try bands(bands - 1).linear(multiply: [255], add: [0])
        } else {
            alpha = try bands(bands - 1)
        }
        // One band only, and the shadow's colour is constant, so no premultiplication is needed.
        var mask = try alpha.linear(multiply: [min(max(color.opacity, 0), 1)], add: [0]).embedded(x: margin, y: margin, width: w, height: h)
        if sigma > 0 { mask = try mask.gaussianBlurredScaled(sigma: sigma) }
        let layer = try VImage.colored(try mask.rounded8(), color: RGBAColor(red: color.red, green: color.green, blue: color.blue))
        let grid = PixelGrid(scale: scale)
        return Layer(image: layer, x: grid.pixel(offsetX) - margin, y: grid.pixel(offsetY) - margin)
    }

    /// `blur(radius:opaque:)` with a Gaussian of σ = `radius` × `scale` pixels. Opaque: alpha stays
    /// 1 and edge pixels are repeated outward before blurring, so the edges do not darken; the
    /// result keeps this image's size. Otherwise colour and alpha are blurred premultiplied, the
    /// result grown by 2.8σ on every side (`x`, `y` relative to this image's top-left).
    func blurred(radius: Double, opaque: Bool = false, scale: Double = 1) throws(VipsError) -> Layer {
        let sigma = max(radius, 0) * scale
        guard sigma > 0 else { return Layer(image: self, x: 0, y: 0) }
        let margin = Self.blurMargin(sigma: sigma)
        let (w, h) = (width + 2 * margin, height + 2 * margin)
        if opaque {
            let colour = hasAlpha ? try bands(0, count: bands - 1) : self
            // Float (the identity `linear`), so the blur is not computed with an integer kernel.
            let blurred = try colour.linear(multiply: [1], add: [0]).extended(x: margin, y: margin, width: w, height: h)
                .gaussianBlurredScaled(sigma: sigma).cropped(x: margin, y: margin, width: width, height: height)
            return Layer(image: try blurred.rounded8().withAlpha(), x: 0, y: 0)
        }
        let blurred = try withAlpha().premultiplied().embedded(x: margin, y: margin, width: w, height: h)
            .gaussianBlurredScaled(sigma: sigma)
        return Layer(image: try blurred.unpremultiplied(), x: -margin, y: -margin)
    }
}
