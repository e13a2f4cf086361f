import Foundation
import Layout
import PlanJSON

/// Compares an actual plan JSON with a vector's `expected`, within the file's tolerance: unrounded
/// values relative 1e-6, `*_px` values exact. Only the keys `expected` has are compared (our plans
/// carry extra fields). Returns a list of mismatches, empty when the plan matches.
public func mismatches(actual: JSON, expected: JSON, path: String = "") -> [String] {
    switch (expected, actual) {
    case (.object(let e), .object(let a)):
        return e.flatMap { key, value -> [String] in
            if key == "note" || key == "image_rect_rounded" && a[key] == nil { return [] }
            guard let av = a[key] else { return ["\(path).\(key): missing"] }
            return mismatches(actual: av, expected: value, path: "\(path).\(key)")
        }
    case (.array(let e), .array(let a)):
        guard e.count == a.count else { return ["\(path): expected \(e.count) items, got \(a.count)"] }
        return zip(e, a).enumerated().flatMap { i, pair in mismatches(actual: pair.1, expected: pair.0, path: "\(path)[\(i)]") }
    case (.number(let e), .number(let a)):
        let exact = path.contains("_px") || path.hasSuffix("columns") || path.hasSuffix("rows")
        let ok = exact ? e == a : abs(e - a) <= 1e-6 * max(1, abs(e))
        return ok ? [] : ["\(path): expected \(e), got \(a)"]
    default:
        return expected == actual ? [] : ["\(path): expected \(expected), got \(actual)"]
    }
}

/// Plans a vector with the engine and renders the outcome (plan or error) as JSON.
public func planJSON(_ view: ViewNode, catalog: ImageCatalog, proposal: ProposedSize, scale: Double) -> JSON {
    let value: JSONValue
    do {
        value = try LayoutEngine.plan(view, images: catalog, proposal: proposal, scale: scale).json
    } catch {
        value = error.json
    }
    return try! JSONDecoder().decode(JSON.self, from: Data(value.serialized().utf8))
}
