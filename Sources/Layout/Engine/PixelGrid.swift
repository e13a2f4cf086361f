import CheckedConversion

/// The pixel grid of one render: step `1/scale` points. The only place where points become pixels.
public struct PixelGrid: Sendable, Hashable {
    /// `ImageRenderer.scale`: pixels per point.
    public let scale: Double

    public init(scale: Double) {
        self.scale = scale
    }

    /// Products such as `83.25 × 3` carry floating-point noise; values this close to a half or whole
    /// pixel are snapped to it so that ties still round up as the spec requires.
    private static let snapTolerance = 1e-9

    private func snapped(_ pixels: Double) -> Double {
        let halves = (pixels * 2).rounded()
        return abs(pixels * 2 - halves) <= Self.snapTolerance * max(1, abs(pixels)) ? halves / 2 : pixels
    }

    /// `R(v)` of spec §10 in pixels: the nearest grid line, ties rounded up (toward +∞).
    public func pixel(_ points: Double) -> Int {
        Int(saturating: (snapped(points * scale) + 0.5).rounded(.down))
    }

    /// A rect rounded edge by edge in root coordinates (spec §10): the pixels a leaf or clip covers.
    public func pixelRect(_ rect: Rect) -> PixelRect {
        let x0 = pixel(rect.x)
        let y0 = pixel(rect.y)
        return PixelRect(x: x0, y: y0, width: pixel(rect.maxX) - x0, height: pixel(rect.maxY) - y0)
    }

    /// The same rounded rect expressed in points.
    public func points(_ rect: PixelRect) -> Rect {
        Rect(
            x: Double(rect.x) / scale, y: Double(rect.y) / scale,
            width: Double(rect.width) / scale, height: Double(rect.height) / scale)
    }

    /// A boundary position rounded to the grid, in points.
    public func rounded(_ points: Double) -> Double {
        Double(pixel(points)) / scale
    }

    /// Canvas size: the root size rounded up to the pixel grid (spec §11), or to the nearest line
    /// (`CanvasRounding.nearest`), never below one pixel.
    public func canvas(for size: Size, rounding: CanvasRounding = .up) -> PixelSize {
        switch rounding {
        case .up:
            PixelSize(
                width: Int(saturating: snapped(size.width * scale).rounded(.up)), height: Int(saturating: snapped(size.height * scale).rounded(.up)))
        case .nearest:
            PixelSize(width: max(1, pixel(size.width)), height: max(1, pixel(size.height)))
        }
    }
}

/// How the root view's size becomes the canvas's pixels.
public enum CanvasRounding: String, Sendable, Hashable, CaseIterable {
    /// Up to the pixel grid, as `ImageRenderer` makes its bitmap (spec §11): nothing the view draws
    /// is cut, and a fractional edge leaves a partly covered last column or row.
    case up
    /// To the nearest pixel, ties up: the output size imgproxy, thumbor and most resizers give a
    /// proportional side (133.33 px → 133), the last partial column or row dropped (`canvas=nearest`).
    case nearest
}
