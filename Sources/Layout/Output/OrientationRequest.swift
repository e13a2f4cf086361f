/// How the request's own image is oriented before layout: by its EXIF tag, by a fixed
/// `Image.Orientation` (`orient`), or by its EXIF tag and then turned clockwise (`turn`: imgproxy's
/// `rot`, thumbor's `rotate`, which turn what the tag made upright).
public enum OrientationRequest: Sendable, Hashable {
    case auto
    case fixed(ImageOrientation)
    /// The EXIF orientation, then `quarterTurns` (1–3) quarter turns clockwise.
    case turned(quarterTurns: Int)

    /// The orientation the image is shown in, given the one its EXIF tag states.
    public func resolved(exif: ImageOrientation) -> ImageOrientation {
        switch self {
        case .auto: exif
        case .fixed(let orientation): orientation
        case .turned(let quarterTurns): exif.turned(clockwise: quarterTurns)
        }
    }

    /// The canonical query text: `orient=…`, `turn=…`, or nothing for `auto`.
    public var canonicalText: String? {
        switch self {
        case .auto: nil
        case .fixed(let orientation): "orient=" + orientation.rawValue
        case .turned(let quarterTurns): "turn=\(quarterTurns * 90)"
        }
    }
}

extension ImageOrientation {
    /// This orientation followed by `quarterTurns` quarter turns clockwise. Every orientation is a
    /// turn of the stored image, mirrored first or not (EXIF 5 is mirrored, then turned 270°), so
    /// turning more adds to the turn and keeps the mirroring.
    public func turned(clockwise quarterTurns: Int) -> ImageOrientation {
        let (turn, mirrored): (Int, Bool) =
            switch self {
            case .up: (0, false)
            case .right: (1, false)
            case .down: (2, false)
            case .left: (3, false)
            case .upMirrored: (0, true)
            case .rightMirrored: (1, true)
            case .downMirrored: (2, true)
            case .leftMirrored: (3, true)
            }
        let total = ((turn + quarterTurns) % 4 + 4) % 4
        return (mirrored ? [.upMirrored, .rightMirrored, .downMirrored, .leftMirrored] : [.up, .right, .down, .left])[total]
    }
}
