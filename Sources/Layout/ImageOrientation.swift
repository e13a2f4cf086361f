import CheckedConversion

/// SwiftUI's `Image.Orientation`: how the stored pixels are turned or flipped for display.
///
/// The wire names are the Swift case names; EXIF tag values map through `init(exifValue:)`.
/// (Swift's raw values are not EXIF numbers, so they are never used on the wire.)
public enum ImageOrientation: String, CaseIterable, Sendable, Hashable {
    case up, upMirrored, down, downMirrored, left, leftMirrored, right, rightMirrored

    /// Maps an EXIF orientation tag (1…8) to its case; other values are `nil`.
    public init?(exifValue: Int) {
        switch exifValue {
        case 1: self = .up
        case 2: self = .upMirrored
        case 3: self = .down
        case 4: self = .downMirrored
        case 5: self = .leftMirrored
        case 6: self = .right
        case 7: self = .rightMirrored
        case 8: self = .left
        default: return nil
        }
    }

    /// The EXIF tag value (1…8) of this orientation.
    public var exifValue: Int {
        switch self {
        case .up: 1
        case .upMirrored: 2
        case .down: 3
        case .downMirrored: 4
        case .leftMirrored: 5
        case .right: 6
        case .rightMirrored: 7
        case .left: 8
        }
    }

    /// Quarter turns swap width and height of the displayed image (spec §2.1).
    public var swapsAxes: Bool {
        switch self {
        case .left, .leftMirrored, .right, .rightMirrored: true
        case .up, .upMirrored, .down, .downMirrored: false
        }
    }
}

/// What layout needs to know about a bitmap: stored pixel size, the image's own scale
/// (2 for `name@2x.png`) and its orientation.
public struct ImageMetrics: Sendable, Hashable {
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var scale: Double
    public var orientation: ImageOrientation

    public init(pixelWidth: Int, pixelHeight: Int, scale: Double = 1, orientation: ImageOrientation = .up) {
        self.pixelWidth = pixelWidth
        self.pixelHeight = pixelHeight
        self.scale = scale
        self.orientation = orientation
    }

    /// Pixel size after orientation: what a viewer displays.
    public var orientedPixelSize: Size {
        let w = Double(pixelWidth)
        let h = Double(pixelHeight)
        return orientation.swapsAxes ? Size(width: h, height: w) : Size(width: w, height: h)
    }

    /// Size in points: oriented pixels ÷ image scale (0 when the scale is 0), spec §2.1.
    public var pointSize: Size {
        guard scale > 0 else { return .zero }
        let px = orientedPixelSize
        return Size(width: px.width / scale, height: px.height / scale)
    }

    /// The image scale a file name declares with an `@Nx` suffix (`dot@2x.png` → 2), or 1.
    public static func scale(fromFileName name: String) -> Double {
        let base = name.split(separator: "/").last.map(String.init) ?? name
        let stem = base.split(separator: ".", omittingEmptySubsequences: false).first.map(String.init) ?? base
        guard let at = stem.lastIndex(of: "@") else { return 1 }
        let suffix = stem[stem.index(after: at)...]
        guard suffix.count >= 2, suffix.last == "x", let n = Int(suffix.dropLast()), (1...4).contains(n) else { return 1 }
        return Double(n)
    }
}
