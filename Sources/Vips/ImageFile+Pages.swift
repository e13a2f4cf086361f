import CVips

extension ImageFile {
    /// Opens frames of an animated GIF or WebP file: `count` frames from `first` (0-based), or every
    /// frame from `first` on when `count` is `nil`, stacked top to bottom with `page-height` set when
    /// there are several. `webpScale` < 1 shrinks a WebP file on load (the GIF loader has no
    /// shrink-on-load). Other formats have no frames and fail. Only the header is read until pixels
    /// are needed.
    public func loadPages(first: Int, count: Int?, webpScale: Double = 1, sequential: Bool = true) throws(VipsError) -> VImage {
        let source = try makeSource()
        defer { cvips_unref_source(source) }
        let n = Int32(clamping: count ?? -1)
        return try VImage.make("load pages") { cvips_load_pages(source, $0, Int32(clamping: first), n, webpScale, sequential ? 1 : 0) }
    }
}
