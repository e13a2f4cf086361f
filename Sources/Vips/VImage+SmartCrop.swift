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
