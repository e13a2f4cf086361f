import Foundation
import PlanJSON
import TransformSpec

/// The view templates for the playground's `/view` mode: the `{name}.swift` files of the templates
/// folder whose names `/view/{name}` accepts, sorted, at most `Limits.playgroundTemplates`, each
/// loaded through `TemplateFolder` (so confinement and the parse cache are the route's own) with
/// its parameters and their defaults. A template that does not load is listed with the message
/// `/view/` would answer, so the page can say why instead of leaving it out silently.
struct PlaygroundTemplates {
    /// One template: its parameters in order with their kinds and defaults (`nil`: the request
    /// must give one), or why it cannot be used.
    struct Entry {
        let name: String
        let result: Result<[(name: String, kind: TemplateParameter.Kind, defaultValue: String?)], TemplateError>
    }

    /// The templates found, sorted by name.
    private(set) var entries: [Entry] = []
    /// True when more files than the limit were found.
    private(set) var isTruncated = false

    /// Lists `folder`; an unreadable folder lists nothing (and `/view/` answers 404 for every name).
    init(folder: TemplateFolder, limit: Int = Limits.playgroundTemplates) {
        guard let root = folder.directory.resolvedRoot, let files = try? FileManager.default.contentsOfDirectory(atPath: root) else { return }
        let suffix = ViewTemplate.fileName("")
        let names = files.filter { !$0.hasPrefix(".") && $0.hasSuffix(suffix) }.map { String($0.dropLast(suffix.count)) }.filter(
            ViewTemplate.isValidName
        ).sorted()
        isTruncated = names.count > limit
        for name in names.prefix(limit) {
            do throws(TemplateError) {
                let template = try folder.template(named: name)
                entries.append(
                    Entry(name: name, result: .success(template.parameters.map { ($0, template.kinds[$0] ?? .text, template.defaults[$0]) })))
            } catch .notFound {
                continue  // a link that leads outside the folder: `/view/` does not serve it either
            } catch {
                entries.append(Entry(name: name, result: .failure(error)))
            }
        }
    }

    /// `{"templates": [{"name", "parameters": [{"name", "kind", "default"?}]} or {"name", "error"}], "truncated"}`;
    /// `kind` is how the query's text is read: `text`, `number`, `date`, `bool` or `color`.
    var json: JSONValue {
        let templates = entries.map { entry -> JSONValue in
            switch entry.result {
            case .success(let parameters):
                let list = parameters.map { parameter in
                    JSONValue.object(
                        [("name", .string(parameter.name)), ("kind", .string(parameter.kind.rawValue))]
                            + (parameter.defaultValue.map { [("default", JSONValue.string($0))] } ?? []))
                }
                return .object([("name", .string(entry.name)), ("parameters", .array(list))])
            case .failure(let error):
                return .object([("name", .string(entry.name)), ("error", .string(error.description))])
            }
        }
        return .object([("templates", .array(templates)), ("truncated", .bool(isTruncated))])
    }
}
