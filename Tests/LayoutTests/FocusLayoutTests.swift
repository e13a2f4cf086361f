import Layout
import Testing

/// `ImageFocus`: on an axis where the image is larger than its frame, the frame centres the focus
/// point as far as the image still covers it; elsewhere the frame's alignment places the image.
@Suite("layout: image focus")
struct FocusLayoutTests {
    /// A 400×200 image filling a `width`×`height` frame, focused on `focus`.
    private func imageRect(
        _ focus: ImageFocus?, width: Double = 100, height: Double = 100, alignment: Alignment = .center, finder: (any FocusFinding)? = nil
    ) throws -> Rect {
        let image = ViewNode.image(ImageView(ref: .primary, resizing: Resizing(), focus: focus))
        let view = ViewNode.frame(.aspectRatio(image, ratio: nil, contentMode: .fill), width: width, height: height, alignment: alignment)
        let catalog = ImageCatalog([.primary: ImageMetrics(pixelWidth: 400, pixelHeight: 200)])
        return try LayoutEngine.plan(view, images: catalog, focus: finder).images[0].placement.rect
    }

    @Test("the point is centred: 0.6 of a 200-point-wide image at the frame's middle")
    func centred() throws {
        // 0.6 × 200 = 120 → 50 − 120 = −70; the vertical axis fits exactly and stays.
        #expect(try imageRect(.point(x: 0.6, y: 0.1)) == Rect(x: -70, y: 0, width: 200, height: 100))
    }

    @Test("near an edge the crop stops at the image's edge", arguments: [(0.0, 0.0), (0.1, 0.0), (0.95, -100), (1, -100)])
    func clamped(_ x: Double, _ expected: Double) throws {
        #expect(try imageRect(.point(x: x, y: 0.5)).x == expected)
    }

    @Test("the focus replaces the alignment only on the cropped axis")
    func alignmentElsewhere() throws {
        // A 300×100 frame: the image fills 300×150, cropped vertically; horizontally it fits.
        let rect = try imageRect(.point(x: 0.9, y: 0.9), width: 300, height: 100, alignment: .topLeading)
        #expect(rect == Rect(x: 0, y: -50, width: 300, height: 150))
    }

    @Test("a content focus asks the finder with the window in fractions of the image")
    func finder() throws {
        final class Recorder: FocusFinding {
            var windows: [Size] = []
            func focus(of ref: ImageRef, strategy: ContentFocus, window: Size) -> Point? {
                windows.append(window)
                return Point(x: 0.8, y: 0.5)
            }
        }
        let recorder = Recorder()
        let rect = try imageRect(.content(.attention), finder: recorder)
        #expect(rect.x == -100 + 0 && rect.width == 200)
        #expect(recorder.windows.last == Size(width: 0.5, height: 1))
    }

    @Test("without a finder a content focus leaves the alignment in charge")
    func noFinder() throws {
        #expect(try imageRect(.content(.entropy)) == Rect(x: -50, y: 0, width: 200, height: 100))
    }
}

/// `.enlarging(false)`: a resizable image takes the proposal up to its own size, never past it.
@Suite("layout: enlarging")
struct EnlargingLayoutTests {
    private func root(_ proposal: ProposedSize, enlarges: Bool) throws -> Size {
        let image = ViewNode.image(ImageView(ref: .primary, resizing: Resizing(), enlarges: enlarges))
        let catalog = ImageCatalog([.primary: ImageMetrics(pixelWidth: 400, pixelHeight: 300)])
        return try LayoutEngine.plan(.aspectRatio(image, ratio: nil, contentMode: .fit), images: catalog, proposal: proposal).rootSize
    }

    @Test("a width-descriptor request: the smaller of the width asked for and the image's own")
    func widths() throws {
        #expect(try root(ProposedSize(width: 800, height: nil), enlarges: false) == Size(width: 400, height: 300))
        #expect(try root(ProposedSize(width: 200, height: nil), enlarges: false) == Size(width: 200, height: 150))
        #expect(try root(ProposedSize(width: 800, height: nil), enlarges: true) == Size(width: 800, height: 600))
    }
}
