#if canImport(Glibc)
    import Glibc
#else
    import Darwin
#endif
import Layout
import Vips

/// SwiftUI's colour effects, on 8-bit images with straight alpha. Each maps the colour bands of
/// every pixel (sRGB-encoded values v in 0…1, as CSS filter functions do) and leaves alpha alone,
/// except `colorMultiply`; results are clamped to 0…1.
extension VImage {
    /// Rec. 709 luma weights (as CSS `saturate`/`grayscale`/`hue-rotate` use them).
    static let luma = (r: 0.2126, g: 0.7152, b: 0.0722)

    /// `brightness(_:)`: v + amount (0 leaves the image, 1 makes it white).
    func brightness(_ amount: Double) throws(VipsError) -> VImage {
        try mappingColour { c throws(VipsError) in try c.linear(multiply: [1], add: [amount * 255]) }
    }

    /// `contrast(_:)`: (v − 0.5) × amount + 0.5 (1 leaves the image, 0 makes it mid grey).
    func contrast(_ amount: Double) throws(VipsError) -> VImage {
        try mappingColour { c throws(VipsError) in try c.linear(multiply: [amount], add: [127.5 * (1 - amount)]) }
    }

    /// `saturation(_:)`: luma + amount × (v − luma), with luma = 0.2126 R + 0.7152 G + 0.0722 B
    /// (0 is grey, 1 leaves the image, above 1 saturates), CSS `saturate()`'s matrix.
    func saturation(_ amount: Double) throws(VipsError) -> VImage {
        let l = Self.luma
        let rows = (0..<3).map { row in
            [l.r, l.g, l.b].enumerated().map { column, weight in (1 - amount) * weight + (row == column ? amount : 0) }
        }
        return try mappingColour { c throws(VipsError) in try c.recombined(rows) }
    }

    /// `grayscale(_:)`: (1 − a) × v + a × luma with a = amount clamped to 0…1, i.e. saturation(1 − a).
    func grayscale(_ amount: Double) throws(VipsError) -> VImage {
        try saturation(1 - min(max(amount, 0), 1))
    }

    /// `colorInvert()`: 1 − v.
    func colorInvert() throws(VipsError) -> VImage {
        try mappingColour { c throws(VipsError) in try c.linear(multiply: [-1], add: [255]) }
    }

    /// `hueRotation(_:)`: the hue-rotate matrix of CSS Filter Effects (§ feColorMatrix hueRotate),
    /// which turns colours around the luma axis and keeps greys; 0° and 360° are the identity.
    func hueRotation(degrees: Double) throws(VipsError) -> VImage {
        let angle = degrees * .pi / 180
        let (c, s) = (cos(angle), sin(angle))
        let matrix = [
            [0.213 + c * 0.787 - s * 0.213, 0.715 - c * 0.715 - s * 0.715, 0.072 - c * 0.072 + s * 0.928],
            [0.213 - c * 0.213 + s * 0.143, 0.715 + c * 0.285 + s * 0.140, 0.072 - c * 0.072 - s * 0.283],
            [0.213 - c * 0.213 - s * 0.787, 0.715 - c * 0.715 + s * 0.715, 0.072 + c * 0.928 + s * 0.072],
        ]
        return try mappingColour { image throws(VipsError) in try image.recombined(matrix) }
    }

    /// `colorMultiply(_:)`: every component, alpha too, multiplied by `color`'s (white leaves the
    /// image; SwiftUI multiplies the view's colours by the colour like a filter over it).
    func colorMultiply(_ color: RGBAColor) throws(VipsError) -> VImage {
        let factors = [color.red, color.green, color.blue, color.opacity].map { min(max($0, 0), 1) }
        return try withAlpha().linear(multiply: factors, add: [0, 0, 0, 0]).rounded8()
    }

    /// Applies `body` to the colour bands (RGB, or grey) and rejoins alpha; 8-bit result, clamped.
    private func mappingColour(_ body: (VImage) throws(VipsError) -> VImage) throws(VipsError) -> VImage {
        let colourBands = hasAlpha ? bands - 1 : bands
        let colour = try body(try bands(0, count: colourBands)).rounded8()
        return hasAlpha ? try colour.joined(with: try bands(colourBands)) : colour
    }
}
