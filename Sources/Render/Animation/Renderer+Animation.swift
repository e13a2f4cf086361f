import Layout
import Vips

extension Renderer {
    /// Draws `animation` through the prepared plan, frame after frame, and stacks the frames into
    /// one image of pages the canvas high, with the source's delays and loop, for the GIF or WebP
    /// encoder. The animated image is decoded once, whole (its frames were counted against the
    /// limits before); each frame is cut from it, drawn with everything else the view shows and
    /// computed into memory before the next starts, so only one frame's drawing pipeline is alive at
    /// a time. The deadline is checked between frames and stops each frame's computation.
    func drawFrames(_ animation: Animation, _ prepared: PreparedRender, deadline: Deadline) throws(RenderError) -> VImage {
        let decoded = try prepared.images[animation.ref]!.decodingAllFrames(deadline: deadline)
        var images = prepared.images
        var frames: [VImage] = []
        frames.reserveCapacity(animation.frameCount)
        for index in 0..<animation.frameCount {
            try deadline.check()
            images[animation.ref] = decoded.showing(frame: index)
            let canvas = try PlanDrawer(
                plan: prepared.plan, images: images, symbols: prepared.glyphs, limits: limits, deadline: deadline,
                colorMode: prepared.request.colorMode
            ).draw()
            frames.append(try computed(canvas, sources: Array(images.values), deadline: deadline))
        }
        do {
            return try VImage.stacked(frames).animated(pageHeight: prepared.plan.canvas.height, delays: animation.delays, loop: animation.loop)
        } catch {
            throw .internalFailure(error)
        }
    }

    /// `canvas` without the frame fields its source may have carried into it: a still output is one
    /// frame, never an animation.
    func still(_ canvas: VImage) throws(RenderError) -> VImage {
        do {
            return try canvas.still()
        } catch {
            throw .internalFailure(error)
        }
    }

    /// The pixels of one frame, computed into memory within the deadline.
    private func computed(_ canvas: VImage, sources: [SourceImage], deadline: Deadline) throws(RenderError) -> VImage {
        do {
            return try Watchdog.run(cancelling: canvas, after: deadline.remaining) { () throws(VipsError) in try canvas.materialized() }
        } catch {
            throw SourceImage.verdict(on: error, sources: sources, deadline: deadline)
        }
    }
}
