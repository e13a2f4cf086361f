import CCairo
import CheckedConversion
import Layout
import Vips

/// One PDF page being written in memory: cairo's PDF surface streaming its bytes into a buffer, and
/// the drawing context on it. The only owner of both; `finish()` ends the document and returns it.
final class PDFDocument {
    /// Where cairo's stream callback appends the document's bytes.
    private final class Sink {
        var bytes: [UInt8] = []
    }

    private let sink = Sink()
    private let surface: OpaquePointer
    /// The context everything is drawn through; its unit is a point, origin at the page's top-left.
    let context: OpaquePointer

    /// A document of one `page`-sized page; `title` goes into its metadata.
    init(page: PageSize, title: String) throws(VipsError) {
        let write: cairo_write_func_t = { closure, data, length in
            guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
            Unmanaged<Sink>.fromOpaque(closure).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
            return CAIRO_STATUS_SUCCESS
        }
        // The sink outlives the surface: both belong to this object, and the surface is finished first.
        let made = cairo_pdf_surface_create_for_stream(write, Unmanaged.passUnretained(sink).toOpaque(), page.width, page.height)!
        guard cairo_surface_status(made) == CAIRO_STATUS_SUCCESS, let context = cairo_create(made) else {
            let status = cairo_surface_status(made)
            cairo_surface_destroy(made)
            throw VipsError(operation: "cairo pdf surface", message: String(cString: cairo_status_to_string(status)))
        }
        surface = made
        self.context = context
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATOR, "ImageFrame")
        cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_TITLE, title)
    }

    deinit {
        cairo_destroy(context)
        cairo_surface_destroy(surface)
    }

    /// Ends the page and the document and returns its bytes; cairo's first error, if any, fails it.
    func finish() throws(VipsError) -> [UInt8] {
        try Self.check(cairo_status(context), "cairo pdf draw")
        cairo_show_page(context)
        cairo_surface_finish(surface)
        try Self.check(cairo_surface_status(surface), "cairo pdf finish")
        return sink.bytes
    }

    static func check(_ status: cairo_status_t, _ operation: String) throws(VipsError) {
        guard status != CAIRO_STATUS_SUCCESS else { return }
        throw VipsError(operation: operation, message: String(cString: cairo_status_to_string(status)))
    }
}
