/// A small image as the placeholder encoders read it: 8-bit sRGB RGBA, not premultiplied,
/// interleaved, top row first.
public struct RGBAPixelGrid: Sendable, Hashable {
    public let width: Int
    public let height: Int
    /// `width × height × 4` bytes: r, g, b, a per pixel.
    public let bytes: [UInt8]

    /// An image from interleaved pixels of `bands` samples each (1 grey, 2 grey + alpha, 3 RGB,
    /// 4 RGBA), widened to RGBA (opaque where there is no alpha).
    public init(width: Int, height: Int, bands: Int, samples: [UInt8]) {
        precondition(
            width >= 1 && height >= 1 && (1...4).contains(bands) && samples.count == width * height * bands, "pixel buffer does not match its size")
        self.width = width
        self.height = height
        guard bands != 4 else {
            bytes = samples
            return
        }
        var rgba = [UInt8](repeating: 255, count: width * height * 4)
        for index in 0..<(width * height) {
            let source = index * bands
            let target = index * 4
            switch bands {
            case 1, 2:
                rgba[target] = samples[source]
                rgba[target + 1] = samples[source]
                rgba[target + 2] = samples[source]
                if bands == 2 { rgba[target + 3] = samples[source + 1] }
            default:
                rgba[target] = samples[source]
                rgba[target + 1] = samples[source + 1]
                rgba[target + 2] = samples[source + 2]
            }
        }
        bytes = rgba
    }

    /// The pixel count.
    public var count: Int { width * height }
}
