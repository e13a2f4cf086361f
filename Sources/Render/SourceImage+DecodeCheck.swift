import Vips

extension SourceImage {
    /// Decodes all of the file's image data and throws `.undecodable` when any of it is truncated
    /// or corrupt (libjpeg's warnings included, as for every decode here: `fail_on=warning`): the
    /// rule by which the raster path answers 422, for a writer that embeds the file's own JPEG data
    /// instead of decoding it (the PDF). A JPEG is decoded at 1/8: libjpeg still reads every
    /// entropy-coded byte of every scan (only the inverse DCT is smaller), so a truncated file or a
    /// bad Huffman code fails as at full size, for a 64th of the pixels (4032×3024: 504×378).
    func checkDecodes(deadline: Deadline) throws(RenderError) {
        let image = try decode(reduction: loaderFamily == .jpeg ? .jpegShrink(8) : .none, deadline: deadline)
        do {
            // A decode small enough to hold whole is done already; libvips's loader runs here.
            _ = try Watchdog.run(cancelling: image, after: deadline.remaining) { () throws(VipsError) in try image.minimum(band: 0) }
        } catch {
            if error.operation == Watchdog.deadlineError.operation { throw .timedOut }
            // Only this file was read: its failure is the file's, whatever the message says.
            throw .undecodable(name, detail: error.description)
        }
    }
}
