import CVips
import CheckedConversion

/// How `smartCropOrigin` judges what is interesting (libvips `VipsInteresting`).
public enum InterestingArea: Sendable {
    /// Edges, skin tones and saturated colours.
    case attention
    /// The most entropy.
    case entropy

    var vips: VipsInteresting {
        switch self {
        case .attention: VIPS_INTERESTING_ATTENTION
        case .entropy: VIPS_INTERESTING_ENTROPY
        }
    }
}

extension VImage {
    /// The top-left of the `width`×`height` window libvips's `smartcrop` would keep (computes the
    /// image). The window must fit inside the image.
    public func smartCropOrigin(width: Int, height: Int, judging interesting: InterestingArea) throws(VipsError) -> (x: Int, y: Int) {
        var left: Int32 = 0, top: Int32 = 0
        guard cvips_smartcrop_origin(pointer, Int32(width), Int32(height), interesting.vips, &left, &top) == 0 else {
            throw VipsError.take(operation: "smartcrop")
        }
        return (Int(left), Int(top))
    }
}

extension VImage {
    /// The bounds of what differs from `background` (one value per colour band) by more than
    /// `threshold` (libvips `find_trim`; computes the image). An image with alpha is flattened onto
    /// the background first. Empty (width 0) when every pixel is background.
    public func trimBounds(threshold: Double, background: [Double]) throws(VipsError) -> (x: Int, y: Int, width: Int, height: Int) {
        var left: Int32 = 0, top: Int32 = 0, width: Int32 = 0, height: Int32 = 0
        let result = background.withUnsafeBufferPointer { colour in
            cvips_find_trim(pointer, threshold, colour.baseAddress, Int32(colour.count), &left, &top, &width, &height)
        }
        guard result == 0 else { throw VipsError.take(operation: "find_trim") }
        return (Int(left), Int(top), Int(width), Int(height))
    }
}
