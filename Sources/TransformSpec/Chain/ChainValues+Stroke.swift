import Layout

extension ChainValues {
    /// `StrokeStyle(lineWidth:lineCap:lineJoin:miterLimit:dash:dashPhase:)`, every argument optional
    /// (SwiftUI's defaults: width 1, `.butt`, `.miter`, 10, no dashes, phase 0): the width and the rest.
    func strokeStyle(_ e: Expression) throws(SpecError) -> (lineWidth: Double, style: StrokeLineStyle) {
        guard case .call("StrokeStyle", let arguments) = e.kind else {
            throw fail(e, "expected StrokeStyle(lineWidth:lineCap:lineJoin:miterLimit:dash:dashPhase:)")
        }
        let args = try ArgumentList(
            arguments,
            signature: ["lineWidth", "lineCap", "lineJoin", "miterLimit", "dash", "dashPhase"].map { ArgumentList.Parameter(label: $0) },
            call: "StrokeStyle", param: param, offset: e.offset)
        var style = StrokeLineStyle()
        let width = try args["lineWidth"].map { (v) throws(SpecError) in try finite(v, "lineWidth") } ?? 1
        if let cap = args["lineCap"] { style.lineCap = try enumCase(cap, StrokeLineStyle.LineCap.self, "lineCap") }
        if let join = args["lineJoin"] { style.lineJoin = try enumCase(join, StrokeLineStyle.LineJoin.self, "lineJoin") }
        if let limit = args["miterLimit"] { style.miterLimit = try finite(limit, "miterLimit") }
        if let dash = args["dash"] {
            guard case .array(let items) = dash.kind else { throw fail(dash, "dash is a list of lengths, e.g. [5, 3]") }
            guard items.count <= 64 else { throw fail(dash, "dash takes at most 64 lengths") }
            for item in items { style.dash.append(try finite(item, "a dash length")) }
        }
        if let phase = args["dashPhase"] { style.dashPhase = try signedFinite(phase, "dashPhase") }
        return (width, style)
    }
}
