import Vips

extension SourceImage {
    /// True for an animated GIF or WebP file: more than one frame.
    var isAnimated: Bool { frameCount > 1 }

    /// How long each frame shows, milliseconds, one per frame: the file's own delays, and 100 ms
    /// (browsers' usual floor) for frames it gives none.
    var delays: [Int] {
        (0..<frameCount).map { $0 < frameDelays.count ? frameDelays[$0] : 100 }
    }

    /// Refuses to decode every frame together when they are more than `RenderLimits.maxFrames` or
    /// hold more than `maxAnimationPixels` pixels together. From the header alone, before decoding.
    func checkAnimation(_ limits: RenderLimits) throws(RenderError) {
        guard frameCount <= limits.maxFrames else {
            throw .sourceTooLarge(name, reason: "\(frameCount) frames, the limit is \(limits.maxFrames); ask for one with frame=N")
        }
        let (perFrame, overflow) = storedWidth.multipliedReportingOverflow(by: storedHeight)
        let (pixels, overflowAll) = perFrame.multipliedReportingOverflow(by: frameCount)
        guard !overflow, !overflowAll, pixels <= limits.maxAnimationPixels else {
            throw .sourceTooLarge(
                name,
                reason: "\(frameCount) frames of \(storedWidth)×\(storedHeight) pixels, the limit is \(limits.maxAnimationPixels) pixels "
                    + "for all frames together; ask for one with frame=N")
        }
    }

    /// This image with every frame decoded into memory at once (one pass over the file: a GIF frame
    /// may build on the one before it), so each frame of the animation is cut from them
    /// (`showing(frame:)`) instead of decoding the file again per frame. `checkAnimation` must have
    /// passed; the Watchdog stops the decode at `deadline`.
    func decodingAllFrames(deadline: Deadline) throws(RenderError) -> SourceImage {
        do {
            let stacked = try file.loadPages(first: 0, count: nil)
            guard stacked.width == storedWidth, stacked.height == storedHeight * frameCount else {
                throw RenderError.undecodable(
                    name, detail: "frames decode to \(stacked.width)×\(stacked.height), not \(frameCount) of \(storedWidth)×\(storedHeight)")
            }
            try deadline.check()
            var decoded = self
            decoded.allFrames = try Watchdog.run(cancelling: stacked, after: deadline.remaining) { () throws(VipsError) in
                try stacked.materialized()
            }
            return decoded
        } catch let error as RenderError {
            throw error
        } catch let error as VipsError {
            throw Self.verdict(on: error, sources: [self], deadline: deadline)
        } catch {
            throw .internalFailure(VipsError(operation: "decode frames", message: "\(error)"))
        }
    }

    /// This image showing frame `index` (0-based) when decoded.
    func showing(frame index: Int) -> SourceImage {
        var shown = self
        shown.frame = index
        return shown
    }
}
