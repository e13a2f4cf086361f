import CheckedConversion
import Layout
import Vips

extension SourceImage {
    /// This image with its uniform borders cut off (`ImageTrim`): libvips `find_trim` on the whole
    /// upright image (a full decode, refused beforehand when it alone would exceed the render budget),
    /// against the trim's colour or the top-left pixel. What is left is what layout sees; an image
    /// that is all border stays whole.
    func trimmed(_ trim: ImageTrim, limits: RenderLimits, deadline: Deadline) throws(RenderError) -> SourceImage {
        try checkAnalysisDecode(.none, for: "a trim", limits: limits)
        let background: [Double]
        if let color = trim.color {
            background = color.bytes.prefix(3).map(Double.init)
        } else {
            // A decode of its own: reading the first rows costs little, and the search below reads
            // the whole image once more, which a sequential decode allows only once.
            let corner = try decode(deadline: deadline)
            background = try inspecting(deadline: deadline) { () throws(VipsError) in
                try corner.cropped(x: 0, y: 0, width: 1, height: 1).pixels().prefix(3).map(Double.init)
            }
        }
        let upright = try decode(deadline: deadline)
        let bounds = try inspecting(deadline: deadline) { () throws(VipsError) in
            try Watchdog.run(cancelling: upright, after: deadline.remaining) { () throws(VipsError) in
                try upright.trimBounds(threshold: trim.threshold, background: background)
            }
        }
        guard bounds.width > 0, bounds.height > 0 else { return self }
        return keeping(PixelRect(x: bounds.x, y: bounds.y, width: bounds.width, height: bounds.height))
    }

    /// `upright` cut to the trim, which is in full-size pixels: scaled to a reduced decode's size.
    func kept(_ upright: VImage) throws(VipsError) -> VImage {
        guard let trim else { return upright }
        let full = metricsUntrimmed.orientedPixelSize
        let (fx, fy) = (Double(upright.width) / full.width, Double(upright.height) / full.height)
        let x = min(upright.width - 1, Int(saturating: (Double(trim.x) * fx).rounded(.down)))
        let y = min(upright.height - 1, Int(saturating: (Double(trim.y) * fy).rounded(.down)))
        let right = min(upright.width, max(x + 1, Int(saturating: (Double(trim.x + trim.width) * fx).rounded(.up))))
        let bottom = min(upright.height, max(y + 1, Int(saturating: (Double(trim.y + trim.height) * fy).rounded(.up))))
        return try upright.cropped(x: x, y: y, width: right - x, height: bottom - y)
    }

    /// The metrics of the whole stored image.
    private var metricsUntrimmed: ImageMetrics {
        ImageMetrics(pixelWidth: storedWidth, pixelHeight: storedHeight, scale: metrics.scale, orientation: orientation)
    }
}
