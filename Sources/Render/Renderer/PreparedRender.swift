import Layout

/// A render laid out and checked but not drawn (`Renderer.prepare`): its sources' headers read,
/// its plan, its output format, and what it will cost. The service prepares a render before it
/// asks for a worker, so that it knows the cost (`RenderCost`) when choosing a lane, and hands the
/// prepared render to the worker that draws it (`Renderer.render(_:)`).
public struct PreparedRender: Sendable {
    let request: RenderRequest
    let images: [ImageRef: SourceImage]
    let glyphs: [String: [UInt8]]
    let plan: RenderPlan
    let choice: FormatChoice
    /// Every frame of an animated image, drawn in turn; `nil` draws one still frame.
    let animation: Animation?
    /// Opening and layout so far.
    let timings: RenderTimings
    /// Time preparing took: the drawing gets the rest of the deadline.
    let elapsed: Duration
    /// The estimated CPU time of drawing and encoding.
    public let cost: RenderCost
}
