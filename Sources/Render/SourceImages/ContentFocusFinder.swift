import CheckedConversion
import Layout
import Vips

/// Finds `.focus(.attention)` and `.focus(.entropy)` points for the layout pass (`FocusFinding`):
/// libvips's `smartcrop` judges a small upright copy of the source, and the centre of the window it
/// keeps is the focus. One per render; answers are kept, since layout may ask more than once.
final class ContentFocusFinder: FocusFinding {
    /// The longest side of the copy judged. `smartcrop`'s attention map is 32 cells across and its
    /// entropy search cuts 8-pixel slices, so a few hundred pixels decide as the full image would,
    /// for a shrink-on-load decode instead of a full one.
    static let analysisSide = 400.0

    private let images: [ImageRef: SourceImage]
    private let limits: RenderLimits
    private let deadline: Deadline
    private var copies: [ImageRef: VImage] = [:]
    private var answers: [Question: Point] = [:]
    /// The first error met; layout cannot throw it, so the renderer does once layout returns.
    private(set) var failure: RenderError?

    private struct Question: Hashable {
        let ref: ImageRef
        let strategy: ContentFocus
        let window: Size
    }

    init(images: [ImageRef: SourceImage], limits: RenderLimits, deadline: Deadline) {
        self.images = images
        self.limits = limits
        self.deadline = deadline
    }

    func focus(of ref: ImageRef, strategy: ContentFocus, window: Size) -> Point? {
        let question = Question(ref: ref, strategy: strategy, window: window)
        if let answer = answers[question] { return answer }
        guard failure == nil, let source = images[ref] else { return nil }
        do throws(RenderError) {
            try deadline.check()
            let copy: VImage
            if let kept = copies[ref] { copy = kept } else { copy = try upright(source) }
            copies[ref] = copy
            let (width, height) = (copy.width, copy.height)
            let windowWidth = min(width, max(1, Int(saturating: (window.width * Double(width)).rounded())))
            let windowHeight = min(height, max(1, Int(saturating: (window.height * Double(height)).rounded())))
            let origin = try source.inspecting(deadline: deadline) { () throws(VipsError) in
                try copy.smartCropOrigin(width: windowWidth, height: windowHeight, judging: strategy == .attention ? .attention : .entropy)
            }
            let answer = Point(
                x: (Double(origin.x) + Double(windowWidth) / 2) / Double(width),
                y: (Double(origin.y) + Double(windowHeight) / 2) / Double(height))
            answers[question] = answer
            return answer
        } catch {
            failure = error
            return nil
        }
    }

    /// The shrink-on-load that decodes `source` for judging: the smallest that keeps `analysisSide`.
    static func reduction(for source: SourceImage) -> LoadReduction {
        let size = source.metrics.orientedPixelSize
        let factor = min(1, analysisSide / max(size.width, size.height))
        let target = PixelRect(
            x: 0, y: 0, width: max(1, Int(saturating: (size.width * factor).rounded(.up))),
            height: max(1, Int(saturating: (size.height * factor).rounded(.up))))
        return source.loadReduction(for: target, interpolation: .high)
    }

    /// The source upright, its longest side at most `analysisSide`; refused before the decode when
    /// the decode alone would exceed the render budget.
    private func upright(_ source: SourceImage) throws(RenderError) -> VImage {
        let reduction = Self.reduction(for: source)
        try source.checkAnalysisDecode(reduction, for: "a content focus", limits: limits)
        let decoded = try source.decode(reduction: reduction, deadline: deadline)
        let shrink = Self.analysisSide / Double(max(decoded.width, decoded.height))
        // In memory: the entropy search reads the copy out of order, which a sequential decode refuses.
        return try source.inspecting(deadline: deadline) { () throws(VipsError) in
            try (shrink < 1 ? decoded.resized(horizontal: shrink, vertical: shrink, kernel: .linear) : decoded).materialized()
        }
    }
}

extension Renderer {
    /// A focus finder over one file as the request's own image (`imgframe plan` with a file), so a
    /// plan shows where `.focus(.attention)` puts the crop; `orientation` overrides the EXIF tag.
    public func focusFinder(primary name: String, file: ImageFile, orientation: ImageOrientation?) throws(RenderError) -> any FocusFinding {
        let source = try SourceImage(name: name, file: file, orientation: orientation.map(OrientationRequest.fixed) ?? .auto, limits: limits)
        return ContentFocusFinder(images: [.primary: source], limits: limits, deadline: Deadline(timeout: limits.timeout))
    }
}
