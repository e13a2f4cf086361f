import Layout
import Vips

extension SourceImage {
    /// Whose fault a failed libvips computation that read `sources` is, decided by the sources' own
    /// state and never by libvips's text. Pixels are computed lazily by several threads at once, so
    /// one corrupt source can surface as the loader's error or as the encoder's ("jpegsave"), in
    /// either order: the message cannot decide 422 against 500. A failure is rare, so each source is
    /// then decoded whole on its own (`decodesCompletely`), in byte order of their names: the first
    /// that cannot be decoded is `undecodable` (422); when every one decodes, the failure is ours
    /// (`internalFailure`, 500). The check runs under the render's `deadline`; running out of time is
    /// `timedOut`.
    static func verdict(on failure: VipsError, sources: [SourceImage], deadline: Deadline?) -> RenderError {
        for source in sources.sorted(by: { ByteKey($0.name) < ByteKey($1.name) }) {
            do throws(VipsError) {
                try source.decodesCompletely(deadline: deadline)
            } catch {
                if error.operation == Watchdog.deadlineError.operation { return .timedOut }
                return .undecodable(source.name, detail: "\(error) (the render failed with \(failure))")
            }
        }
        return .internalFailure(failure)
    }

    /// Decodes every pixel of the file at full size, as the loaders do for a render (failing on
    /// warnings), keeping none of them: throws the loader's error when the file is truncated or
    /// corrupt.
    func decodesCompletely(deadline: Deadline?) throws(VipsError) {
        let image = try file.load(sequential: true)
        _ = try Watchdog.run(cancelling: image, after: deadline?.remaining) { () throws(VipsError) in try image.minimum(band: 0) }
    }
}
