import CheckedConversion
import Render

/// The `Server-Timing` header of a rendered response.
enum ServerTiming {
    /// `open;dur=…, layout;dur=…, pipeline;dur=…, encode;dur=…` (milliseconds), each stage named by
    /// what it times: libvips computes pixels lazily, so `open` reads only headers, `pipeline` only
    /// assembles operations, and decoding and resampling happen inside `encode`.
    static func header(_ timings: RenderTimings) -> String {
        "open;desc=\"open sources, read headers\";dur=\(tenths(timings.decode)), layout;desc=\"layout\";dur=\(tenths(timings.layout)), "
            + "pipeline;desc=\"assemble image operations\";dur=\(tenths(timings.render)), "
            + "encode;desc=\"decode, resample, composite, encode\";dur=\(tenths(timings.encode))"
    }

    /// `milliseconds` to one decimal (`12.3`), written without Foundation's `String(format:)`, which
    /// costs as much as the rest of the header: this is on every miss.
    static func tenths(_ milliseconds: Double) -> String {
        let tenths = Int(saturating: (max(0, milliseconds) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
