import Layout

/// A render whose sources' headers are read and checked, with nothing decoded (`Renderer.open`):
/// what the service learns on its I/O lane, before admission. `analysis` is what looking at pixels
/// before layout (trims, content focus) will cost, known from the headers, so a render that must
/// decode a large source whole to look at it waits among the heavy renders from the start.
public struct OpenedRender: Sendable {
    let request: RenderRequest
    /// Every image the view shows, its header read: untrimmed, showing its first frame.
    let images: [ImageRef: SourceImage]
    /// What the trims' searches and content focus will cost, before layout.
    let analysis: [RenderCost.Item]
    /// Time opening took: it counts against the render's deadline.
    let elapsed: Duration

    /// The estimated CPU time of looking at pixels before layout, ms of one core.
    public var analysisMilliseconds: Double { analysis.reduce(0) { $0 + $1.milliseconds } }
}
