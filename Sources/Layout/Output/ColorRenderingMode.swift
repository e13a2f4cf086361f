/// `ImageRenderer.colorMode` (`colormode`): the working colour space images are resampled and
/// layers composited in, and the output's depth. Case names are SwiftUI's `ColorRenderingMode`.
public enum ColorRenderingMode: String, CaseIterable, Sendable, Hashable {
    /// sRGB-encoded 8-bit values, as the pipeline always worked; the default.
    case nonLinear
    /// Linear light (libvips scRGB, float): averages of bright and dark pixels keep their energy, so
    /// thin bright lines and fine detail do not darken when reduced; the output is 8-bit sRGB.
    case linear
    /// Linear light like `linear`, written as 16-bit PNG (sRGB-encoded 16 bits per channel).
    case extendedLinear

    /// Whether resampling and compositing happen in linear light.
    public var isLinear: Bool { self != .nonLinear }
}
