import Layout
import PlanJSON
import Render
import TransformSpec

/// One `imgframe plan` run: parse the request, lay it out, and describe the outcome as JSON.
struct PlanRequest {
    var source: String
    var size: ImageMetrics
    /// EXIF orientation of the source; `orient=` in the request overrides it.
    var orientation: ImageOrientation
    var images: [(name: String, metrics: ImageMetrics)]
    var query: String
    /// What the request may ask for: the configured `SpecLimits`, as `serve` parses with.
    var limits: SpecLimits
    /// The configured presets a `preset=` in `query` names, as `serve` expands them.
    var presets: PresetTable = .none
    /// Finds `.focus(.attention)` points in the file's pixels; without a file, alignment places such images.
    var focus: (any FocusFinding)?

    /// The JSON document and, on failure, a message for standard error.
    struct Outcome {
        var json: JSONValue
        var errorMessage: String?
        var isRequestError = false
    }

    func run() -> Outcome {
        let spec: TransformSpec
        do {
            spec = try TransformSpec.parse(source: source, query: query, limits: limits, presets: presets)
        } catch {
            return Outcome(
                json: .object([("error", .string(error.description)), ("param", .string(error.parameter))]),
                errorMessage: error.description, isRequestError: true)
        }
        return run(spec)
    }

    /// The outcome for a request already parsed (a view template's).
    func run(_ spec: TransformSpec) -> Outcome {
        var primary = size
        primary.orientation = spec.orientation.resolved(exif: orientation)
        var catalog = ImageCatalog([.primary: primary])
        for image in images { catalog[image.name == source ? .primary : .named(image.name)] = image.metrics }
        let canonical: (String, JSONValue) = ("canonical", .string(spec.canonicalForm))
        do {
            try InstalledFonts.check(spec.view.customFontFamilies)
        } catch {
            return Outcome(
                json: .object([canonical, ("error", .string(error.description)), ("param", .string("chain"))]), errorMessage: error.description,
                isRequestError: true)
        }
        do {
            let plan = try LayoutEngine.plan(
                spec.view, images: catalog, proposal: spec.renderRequest.rootProposal(over: catalog), scale: spec.scale, canvas: spec.canvasRounding,
                text: PangoTextMeasurer(), focus: focus)
            guard case .object(let members) = plan.json else { return Outcome(json: plan.json) }
            return Outcome(json: .object([canonical] + members))
        } catch {
            guard case .object(let members) = error.json else { return Outcome(json: error.json, errorMessage: error.description) }
            return Outcome(json: .object([canonical] + members), errorMessage: error.description)
        }
    }
}
