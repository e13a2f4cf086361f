import CheckedConversion

/// How much a loader reduces an image while decoding it (shrink-on-load), which is much cheaper than
/// decoding at full size and resampling afterwards.
public enum LoadReduction: Sendable, Hashable {
    /// Full size (PNG, GIF, TIFF and HEIF always load this way).
    case none
    /// libjpeg's DCT scaling to 1/2, 1/4 or 1/8. libjpeg alone rounds the reduced size up, but libvips
    /// 8.14's jpegload gives it rounded down (a 4039-pixel side at 1/8 is 504 pixels, not 505).
    case jpegShrink(Int)
    /// libwebp's rescaler at any scale in (0, 1); libvips rounds the reduced size to the nearest pixel.
    case webpScale(Double)

    /// The sides this reduction decodes a `width`×`height` image to, rounded as libvips does.
    public func reducedSize(width: Int, height: Int) -> (width: Int, height: Int) {
        switch self {
        case .none: (width, height)
        case .jpegShrink(let shrink): (max(1, width / shrink), max(1, height / shrink))
        case .webpScale(let scale):
            (max(1, Int(saturating: (Double(width) * scale).rounded())), max(1, Int(saturating: (Double(height) * scale).rounded())))
        }
    }
}
