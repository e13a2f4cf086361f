import Layout
import Vips

/// What `colormode` does to pixels: the working space layers are resampled and composited in, and
/// how the finished canvas reaches the encoder. `nonLinear` leaves every image as it is, so its
/// output is what it always was.
extension ColorRenderingMode {
    /// `image` in the working space: linear light (scRGB float) for the linear modes, else unchanged.
    func working(_ image: VImage) throws(VipsError) -> VImage {
        isLinear ? try image.linearLight() : image
    }

    /// `image` sRGB-encoded in 8 bits, for the steps defined on sRGB values in every mode (colour
    /// effects and blur, CSS filter style).
    func eightBit(_ image: VImage) throws(VipsError) -> VImage {
        isLinear ? try image.encodedFromLinearLight() : image
    }

    /// The drawn canvas as the encoder takes it: 8-bit sRGB, or 16-bit sRGB for `extendedLinear`.
    func encoded(_ canvas: VImage) throws(VipsError) -> VImage {
        switch self {
        case .nonLinear: canvas
        case .linear: try canvas.encodedFromLinearLight()
        case .extendedLinear: try canvas.encodedFromLinearLight(bitDepth: 16)
        }
    }

    /// Bytes per sample of the working space: 1, or 4 for float linear light (for `RenderBudget`).
    var workingBytesPerSample: Int { isLinear ? 4 : 1 }
}
