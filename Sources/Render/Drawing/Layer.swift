import Layout
import Vips

/// A piece of the output: an RGBA image to composite over the canvas with its top-left at (x, y).
struct Layer {
    var image: VImage
    var x: Int
    var y: Int
    /// How the layer combines with what is beneath it (`blendMode`); `.normal` is "over".
    var blend: BlendMode = .normal

    /// The canvas pixels the layer covers.
    var rect: PixelRect { PixelRect(x: x, y: y, width: image.width, height: image.height) }

    /// The part of the layer inside `area` (canvas pixels), itself when it lies inside, `nil` when
    /// none of it does.
    func cropped(to area: PixelRect) throws(VipsError) -> Layer? {
        guard let part = rect.intersection(area) else { return nil }
        guard part != rect else { return self }
        let local = part.offset(from: rect)
        return Layer(
            image: try image.cropped(x: local.x, y: local.y, width: local.width, height: local.height), x: part.x, y: part.y, blend: blend)
    }
}

extension Interpolation {
    /// The libvips kernel for a SwiftUI interpolation level (none→nearest, low→linear, medium→cubic,
    /// high→lanczos3); reductions get libvips's box pre-shrink first.
    var kernel: ResampleKernel {
        switch self {
        case .none: .nearest
        case .low: .linear
        case .medium: .cubic
        case .high: .lanczos3
        }
    }
}

extension VImage {
    /// Resamples to exactly `width`×`height` pixels with `kernel`, correcting libvips's ±1 px size
    /// rounding by cropping or repeating the edge. Images with alpha are resampled premultiplied, so
    /// the colour of transparent pixels never bleeds into visible ones; nearest-neighbour sampling
    /// mixes no pixels and skips that round trip, keeping source colours exact. The result keeps the
    /// image's format (8-bit, or float for linear light).
    func resampled(width: Int, height: Int, kernel: ResampleKernel) throws(VipsError) -> VImage {
        guard width != self.width || height != self.height else { return self }
        guard hasAlpha, kernel != .nearest else { return try resampledStraight(width: width, height: height, kernel: kernel) }
        return try premultiplied().resampledStraight(width: width, height: height, kernel: kernel).unpremultiplied(like: self)
    }

    /// `resampled` without the premultiply round trip: for images already premultiplied or opaque.
    func resampledStraight(width: Int, height: Int, kernel: ResampleKernel) throws(VipsError) -> VImage {
        let scaled = try resized(
            horizontal: Double(width) / Double(self.width), vertical: Double(height) / Double(self.height), kernel: kernel)
        guard scaled.width != width || scaled.height != height else { return scaled }
        if scaled.width >= width, scaled.height >= height { return try scaled.cropped(x: 0, y: 0, width: width, height: height) }
        let fitted = try scaled.cropped(x: 0, y: 0, width: min(width, scaled.width), height: min(height, scaled.height))
        return try fitted.extended(x: 0, y: 0, width: width, height: height)
    }

}

extension PixelRect {
    /// This rect's position relative to `origin`'s top-left.
    func offset(from origin: PixelRect) -> PixelRect {
        PixelRect(x: x - origin.x, y: y - origin.y, width: width, height: height)
    }
}
