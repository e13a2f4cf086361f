import Layout
import Vips

extension SourceImage {
    /// Whose fault a failed libvips computation that read `sources` is, decided by the sources' own
    /// state and never by libvips's text. Pixels are computed lazily by several threads at once, so
    /// one corrupt source can surface as the loader's error or as the encoder's ("jpegsave"), in
    /// either order: the message cannot decide 422 against 500. A failure is rare, so each source is
    /// then decoded whole on its own (`decodeFailure`), in byte order of their names: the first
    /// that cannot be decoded is `undecodable` (422); when every one decodes, the failure is ours
    /// (`internalFailure`, 500). The check runs under the render's `deadline`; running out of time is
    /// `timedOut`.
    /// A computation the Watchdog stopped at the deadline is `timedOut`, whoever's pixels it read.
    static func verdict(on failure: VipsError, sources: [SourceImage], deadline: Deadline?) -> RenderError {
        if failure.operation == Watchdog.deadlineError.operation { return .timedOut }
        for source in sources.sorted(by: { ByteKey($0.name) < ByteKey($1.name) }) {
            if let own = source.decodeFailure(deadline: deadline, during: failure) { return own }
        }
        return .internalFailure(failure)
    }

    /// Runs libvips work that reads this image's pixels (a trim's search, a focus's judgement); a
    /// failure becomes this image's fault, ours, or the deadline's (`verdict`).
    func inspecting<T>(deadline: Deadline, _ body: () throws(VipsError) -> T) throws(RenderError) -> T {
        do {
            return try body()
        } catch {
            throw Self.verdict(on: error, sources: [self], deadline: deadline)
        }
    }

    /// Throws what `decodeFailure` finds: for a writer that embeds the file's own data instead of
    /// decoding it (the PDF's JPEGs), the rule by which the raster path answers 422.
    func checkDecodes(deadline: Deadline) throws(RenderError) {
        if let failure = decodeFailure(deadline: deadline) { throw failure }
    }

    /// `undecodable` when the file is truncated or corrupt (its loader fails, warnings included), `timedOut`
    /// when `deadline` passes first, `nil` when all of it decodes; `failure`, if given, is the render's
    /// own, for the detail. Only this file is read, so its failure is the file's, whatever the message
    /// says. The file's image data is read whole, its pixels kept nowhere; a JPEG is decoded at 1/8:
    /// libjpeg still reads every entropy-coded byte of every scan (only the inverse DCT is smaller), so
    /// a truncated file or a bad Huffman code fails as at full size, for a 64th of the pixels.
    func decodeFailure(deadline: Deadline?, during failure: VipsError? = nil) -> RenderError? {
        do throws(VipsError) {
            // Every frame of an animation: a corrupt later frame fails only there.
            let image =
                isAnimated
                ? try file.loadPages(first: 0, count: nil)
                : try file.load(reduction: loaderFamily == .jpeg ? .jpegShrink(8) : .none, sequential: true)
            _ = try Watchdog.run(cancelling: image, after: deadline?.remaining) { () throws(VipsError) in try image.minimum(band: 0) }
            return nil
        } catch {
            if error.operation == Watchdog.deadlineError.operation { return .timedOut }
            return .undecodable(name, detail: failure.map { "\(error) (the render failed with \($0))" } ?? error.description)
        }
    }
}
