import CheckedConversion
import Layout
import Vips

/// What `/info/{path}` tells about a source, read from its header alone (nothing is decoded): pixel
/// size after EXIF orientation, point size at the scale its name gives (`@2x`, `@3x`), orientation,
/// format, alpha, frames (of an animated GIF or WebP) and the embedded colour profile's description.
public struct SourceInfo: Sendable, Equatable {
    /// Pixels, upright (after the EXIF orientation).
    public var width: Int, height: Int
    /// Points: pixels divided by `scale`.
    public var pointWidth: Double, pointHeight: Double
    /// From the file name (`@2x` → 2), else 1.
    public var scale: Double
    /// The EXIF orientation as `orient=` spells it (`up`, `right`, …; `up` when there is none).
    public var orientation: String
    /// The loader's format: `jpeg`, `png`, `webp`, `gif`, `heif`, `tiff`, …
    public var format: String
    /// Whether the pixels have an alpha band.
    public var hasAlpha: Bool
    /// Frames of an animated GIF or WebP (what `frame=` counts), 1 for a still image.
    public var frames: Int
    /// The embedded ICC profile's description, `embedded` when it has none readable, `nil` without a profile.
    public var profile: String?

    /// Reads the header of `file`, checking the same source limits as a render (415, 422).
    public init(name: String, file: ImageFile, limits: RenderLimits) throws(RenderError) {
        let source = try SourceImage(name: name, file: file, limits: limits)
        let size = source.metrics.orientedPixelSize
        let points = source.metrics.pointSize
        width = Int(saturating: size.width)
        height = Int(saturating: size.height)
        pointWidth = points.width
        pointHeight = points.height
        scale = source.metrics.scale
        orientation = source.orientation.rawValue
        hasAlpha = source.hasAlpha
        frames = source.frameCount
        // A second header open (cheap: no pixels) for the loader and the profile.
        let header = try? file.load()
        format = Self.format(loader: header?.loader)
        profile = header.flatMap { $0.iccProfile }.map { ICCProfile.description(of: $0) ?? "embedded" }
    }

    /// `jpegload_source` → `jpeg`.
    static func format(loader: String?) -> String {
        guard let loader, let range = loader.range(of: "load") else { return "unknown" }
        return String(loader[..<range.lowerBound])
    }
}
