import Foundation
import Render

/// The `Server-Timing` header of a rendered response.
enum ServerTiming {
    /// `open;dur=…, layout;dur=…, pipeline;dur=…, encode;dur=…` (milliseconds), each stage named by
    /// what it times: libvips computes pixels lazily, so `open` reads only headers, `pipeline` only
    /// assembles operations, and decoding and resampling happen inside `encode`.
    static func header(_ timings: RenderTimings) -> String {
        [
            ("open", "open sources, read headers", timings.decode), ("layout", "layout", timings.layout),
            ("pipeline", "assemble image operations", timings.render), ("encode", "decode, resample, composite, encode", timings.encode),
        ]
        .map { "\($0.0);desc=\"\($0.1)\";dur=\(String(format: "%.1f", $0.2))" }
        .joined(separator: ", ")
    }
}
