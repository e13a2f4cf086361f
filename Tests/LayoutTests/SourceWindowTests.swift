import Layout
import Testing

/// What happens to the request's own image before layout besides trimming: a crop's window, a turn
/// after the EXIF orientation, and how the root size becomes the canvas.
@Suite("layout: crops, turns and canvas rounding")
struct SourceWindowTests {
    @Test(
        "a crop's window: 0 the whole side, a fraction below 1, pixels from 1, inside the image",
        arguments: [
            (ImageCrop(width: 1000, height: 800), PixelRect(x: 1516, y: 1112, width: 1000, height: 800)),
            (ImageCrop(width: 0.5, height: 0.5), PixelRect(x: 1008, y: 756, width: 2016, height: 1512)),
            (ImageCrop(width: 0.3, height: 0), PixelRect(x: 1411, y: 0, width: 1210, height: 3024)),
            (ImageCrop(width: 1000, height: 1000, alignment: .leading), PixelRect(x: 0, y: 1012, width: 1000, height: 1000)),
            (ImageCrop(width: 2000, height: 500, alignment: .bottomTrailing), PixelRect(x: 2032, y: 2524, width: 2000, height: 500)),
            (ImageCrop(width: 5000, height: 5000), PixelRect(x: 0, y: 0, width: 4032, height: 3024)),
            (ImageCrop(width: 1, height: 1), PixelRect(x: 2016, y: 1512, width: 1, height: 1)),
            // thumbor's corner, kept inside the image.
            (ImageCrop(width: 200, height: 200, origin: Point(x: 50, y: 50)), PixelRect(x: 50, y: 50, width: 200, height: 200)),
            (ImageCrop(width: 200, height: 200, origin: Point(x: 4000, y: 10)), PixelRect(x: 3832, y: 10, width: 200, height: 200)),
        ])
    func window(_ crop: ImageCrop, _ rect: PixelRect) {
        #expect(crop.rect(inWidth: 4032, height: 3024) == rect)
    }

    @Test(
        "a turn follows the EXIF orientation: quarter turns add, mirroring stays",
        arguments: [
            (ImageOrientation.up, 1, ImageOrientation.right), (.right, 1, .down), (.right, 3, .up), (.left, 2, .right), (.down, 2, .up),
            (.upMirrored, 1, .rightMirrored), (.leftMirrored, 1, .upMirrored), (.rightMirrored, 2, .leftMirrored), (.downMirrored, 3, .rightMirrored),
        ])
    func turn(_ exif: ImageOrientation, _ quarterTurns: Int, _ shown: ImageOrientation) {
        #expect(OrientationRequest.turned(quarterTurns: quarterTurns).resolved(exif: exif) == shown)
        #expect(OrientationRequest.fixed(.left).resolved(exif: exif) == .left)
        #expect(OrientationRequest.auto.resolved(exif: exif) == exif)
    }

    @Test("the canvas rounds up as ImageRenderer does, or to the nearest pixel (never below one)")
    func canvas() {
        let grid = PixelGrid(scale: 1)
        #expect(grid.canvas(for: Size(width: 133.333, height: 100)) == PixelSize(width: 134, height: 100))
        #expect(grid.canvas(for: Size(width: 133.333, height: 100), rounding: .nearest) == PixelSize(width: 133, height: 100))
        #expect(grid.canvas(for: Size(width: 480.5, height: 0.2), rounding: .nearest) == PixelSize(width: 481, height: 1))
        #expect(PixelGrid(scale: 2).canvas(for: Size(width: 66.6, height: 50), rounding: .nearest) == PixelSize(width: 133, height: 100))
    }
}
